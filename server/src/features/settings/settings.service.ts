import type { Settings } from '@stockyard/contract';

/** The company's settings: the currency comes from the server's CURRENCY and is never changed by a call. */
export function companySettings(server: { currency: string }): Settings {
  return { currency: server.currency };
}
