import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { body: string; headers: IncomingHttpHeaders; json: { id: string; type: string; data: Record<string, unknown> } };

/** Whether a Stockyard-Signature header signs this body with this secret, checked as a receiver would. */
export function isSignedBy(secret: string, body: string, header: string | undefined): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] as string, 'hex'));
}

/**
 * An HTTP receiver on 127.0.0.1 that keeps every request it accepts. `answer` chooses each status
 * (200 unless told otherwise; 0 never answers): a test makes it fail a chosen event a number of times.
 */
export async function startReceiver() {
  const received: Received[] = [];
  /** Every request, answered or not. */
  const seen: Received[] = [];
  let answer: (event: Received['json'], tries: number) => number = () => 200;
  const tries = new Map<string, number>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const json = JSON.parse(body) as Received['json'];
      seen.push({ body, headers: request.headers, json });
      const count = (tries.get(json.id) ?? 0) + 1;
      tries.set(json.id, count);
      const status = answer(json, count);
      // 0: the receiver never answers (a request in flight when the sender dies).
      if (status === 0) return;
      if (status >= 200 && status < 300) received.push({ body, headers: request.headers, json });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'try again later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    seen,
    /** How many requests each event id was sent, accepted or not. */
    tries,
    answerWith(choose: typeof answer) {
      answer = choose;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
