import autocannon from 'autocannon';

export type Measurement = { requestsPerSecond: number; p50: number; p99: number; max: number; non2xx: number; errors: number };

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** A fresh body and headers for every request. */
  next?: () => { body?: string; headers?: Record<string, string>; path?: string };
};

/** One autocannon run. */
export async function load(options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    requests: options.next
      ? [
          {
            setupRequest: (request) => {
              const next = options.next?.() ?? {};
              return {
                ...request,
                ...(next.path ? { path: next.path } : {}),
                ...(next.body ? { body: next.body } : {}),
                headers: { ...request.headers, ...next.headers },
              };
            },
          },
        ]
      : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Each timing's median over the runs, taken apart (one slow moment moves none of them); failures added up. */
export function medianOf(results: Measurement[]): Measurement {
  const middle = (pick: (m: Measurement) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)] as number;
  return {
    requestsPerSecond: middle((m) => m.requestsPerSecond),
    p50: middle((m) => m.p50),
    p99: middle((m) => m.p99),
    max: middle((m) => m.max),
    non2xx: results.reduce((sum, m) => sum + m.non2xx, 0),
    errors: results.reduce((sum, m) => sum + m.errors, 0),
  };
}

type Runs = { runs: number; warmup: number };

/** Warm up, then the median of several runs. */
export async function measure(options: LoadOptions & Runs): Promise<Measurement> {
  await load({ ...options, duration: options.warmup });
  const results: Measurement[] = [];
  for (let run = 0; run < options.runs; run += 1) results.push(await load(options));
  return medianOf(results);
}

/**
 * A limit and the app, both alive, measured in turn (limit, app, limit, app…), so that whatever else the
 * machine does meanwhile falls on both alike; then each one's median.
 */
export async function measureSideBySide(
  limit: LoadOptions,
  app: LoadOptions,
  { runs, warmup }: Runs,
): Promise<{ limit: Measurement; app: Measurement }> {
  await load({ ...limit, duration: warmup });
  await load({ ...app, duration: warmup });
  const limits: Measurement[] = [];
  const apps: Measurement[] = [];
  for (let run = 0; run < runs; run += 1) {
    limits.push(await load(limit));
    apps.push(await load(app));
  }
  return { limit: medianOf(limits), app: medianOf(apps) };
}

/** The median of a timed function over n runs, in milliseconds. */
export async function medianMs(n: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/**
 * Two timed functions in alternate rounds of `perRound` runs each: the median of each side's round
 * medians, and the median of the rounds' ratios a / b.
 */
export async function alternateRounds(
  rounds: number,
  perRound: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<{ a: number; b: number; ratio: number }> {
  const sides = { a: [] as number[], b: [] as number[], ratio: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    const aMs = await medianMs(perRound, a);
    const bMs = await medianMs(perRound, b);
    sides.a.push(aMs);
    sides.b.push(bMs);
    sides.ratio.push(aMs / bMs);
  }
  return { a: middleOf(sides.a), b: middleOf(sides.b), ratio: middleOf(sides.ratio) };
}

function middleOf(values: number[]): number {
  return [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
}
