const WINDOW_MS = 60_000;

/**
 * Requests per API token in fixed one-minute windows, counted in this process: a script that loops
 * by mistake is slowed down here before it fills the database's time. Several processes each allow
 * the limit (docs/DEPLOYMENT.md).
 */
export class ApiTokenLimiter {
  private windows = new Map<string, { startedAt: number; requests: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request; answers the seconds to wait when the token is over its limit. */
  take(tokenId: string, now = Date.now()): { retryAfterSeconds: number } | undefined {
    let window = this.windows.get(tokenId);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.dropEnded(now);
      window = { startedAt: now, requests: 0 };
      this.windows.set(tokenId, window);
    }
    window.requests += 1;
    if (window.requests <= this.perMinute) return undefined;
    return { retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)) };
  }

  private dropEnded(now: number): void {
    for (const [id, window] of this.windows) if (now - window.startedAt >= WINDOW_MS) this.windows.delete(id);
  }
}
