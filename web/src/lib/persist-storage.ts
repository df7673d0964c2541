/**
 * Asks the browser to keep what the phone holds (the outbox, the kept lists) when space runs low,
 * rather than clear it as it may clear a site's cache. Browsers that decide for themselves, or lack
 * the call, keep working as before.
 */
export function askToKeepStorage(): void {
  navigator.storage?.persist?.().catch(() => {
    // Refused or unsupported: the data stays, only without the promise.
  });
}
