import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { promisify } from 'node:util';
import { WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNKNOWN_HOST } from '@stockyard/contract';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/errors';

const lookupAll = promisify(lookup);

/** A public unicast address: not loopback, private, link-local, unique-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * Refuses a webhook URL whose host is, or resolves to, an address that is not public (the app's own
 * machine, its network, a cloud's metadata address), unless `allowPrivate` (WEBHOOK_ALLOW_PRIVATE).
 * The sender checks again at connect time (`publicOnlyLookup`), so a name that later resolves
 * elsewhere is refused then.
 */
export async function checkWebhookHost(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await lookupAll(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new AppError('bad_request', WEBHOOK_URL_UNKNOWN_HOST);
        },
      );
  if (!addresses.every(isPublicAddress)) throw new AppError('bad_request', WEBHOOK_URL_PRIVATE);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that connects to public addresses only. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, []);
    const addresses = found.filter((entry) => isPublicAddress(entry.address));
    if (addresses.length === 0) return callback(Object.assign(new Error(WEBHOOK_URL_PRIVATE), { code: 'EPRIVATE' }), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
}
