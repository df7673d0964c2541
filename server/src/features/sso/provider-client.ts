import * as client from 'openid-client';
import type { OidcSettings } from '../../config';

let discovered: { issuer: string; config: Promise<client.Configuration> } | undefined;

/**
 * The provider's configuration, read from its discovery document once per process (again after a
 * failure). Plain HTTP is accepted only for a provider on this machine's loopback (tests, a trial).
 */
export function providerConfig(settings: OidcSettings): Promise<client.Configuration> {
  if (discovered?.issuer !== settings.issuer) {
    const url = new URL(settings.issuer);
    const isLoopback =
      url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
    const config = client.discovery(url, settings.clientId, settings.clientSecret, undefined, {
      ...(isLoopback ? { execute: [client.allowInsecureRequests] } : {}),
    });
    discovered = { issuer: settings.issuer, config };
    config.catch(() => {
      if (discovered?.config === config) discovered = undefined;
    });
  }
  return discovered.config;
}

export { client };
