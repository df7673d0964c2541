import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { RequestKey } from './idempotency';

const CIPHER = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** How an answer holding a secret is kept under its key, and opened again for a repeat. */
export type AnswerSealing<T> = { seal: (body: T) => unknown; open: (stored: unknown) => T };

/**
 * An answer that holds a secret (a new API token) is never stored as it was sent: the stored key is
 * the hash of the Idempotency-Key, and the answer is encrypted (AES-256-GCM) under a key derived from
 * the Idempotency-Key itself. Only whoever holds the key can have that answer again; the database
 * alone cannot open it.
 */
export function sealedUnderKey<T>(requestKey: RequestKey): { requestKey: RequestKey; sealing: AnswerSealing<T> } {
  const secret = Buffer.from(hkdfSync('sha256', requestKey.key, requestKey.userId, 'stockyard sealed answer', 32));
  return {
    requestKey: { ...requestKey, key: `sealed:${createHash('sha256').update(requestKey.key).digest('base64url')}` },
    sealing: {
      seal: (body) => {
        const nonce = randomBytes(NONCE_BYTES);
        const cipher = createCipheriv(CIPHER, secret, nonce);
        const text = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
        return { sealed: Buffer.concat([nonce, cipher.getAuthTag(), text]).toString('base64') };
      },
      open: (stored) => {
        const bytes = Buffer.from((stored as { sealed: string }).sealed, 'base64');
        const decipher = createDecipheriv(CIPHER, secret, bytes.subarray(0, NONCE_BYTES));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        return JSON.parse(
          Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'),
        ) as T;
      },
    },
  };
}
