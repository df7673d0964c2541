import type { Socket } from 'node:net';
import { ADDRESS_NOT_VALID, HEADERS_TOO_LARGE, INVALID_REQUEST } from '@stockyard/contract';
import { describeMessage } from '@stockyard/contract/message-codes';
import type { FastifyReply } from 'fastify';
import { DATA_HEADERS } from './security-headers';

/** The API's headers on an answer no route made: its security headers, and no cache keeps it. */
const ANSWER_HEADERS = { ...DATA_HEADERS, 'cache-control': 'no-store' };

/** The API's answer shape for a message: `{message}` with its code, never the request echoed back. */
function bodyOf(message: string): string {
  return JSON.stringify({ message, ...describeMessage(message) });
}

/**
 * A request the router cannot take (an address that does not decode): answered like every other
 * failure, with the API's headers, and without repeating the address it was sent.
 */
export function answerUnroutable(_error: Error, _request: unknown, reply: FastifyReply): void {
  reply
    .code(400)
    .headers(ANSWER_HEADERS)
    .type('application/json; charset=utf-8')
    .send(bodyOf(ADDRESS_NOT_VALID) as never);
}

/**
 * A request Node's HTTP parser refused before the app saw it (headers too large, a malformed request
 * line): written straight to the socket, in the API's shape and with its headers, then the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const isTooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = isTooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = bodyOf(isTooLarge ? HEADERS_TOO_LARGE : INVALID_REQUEST);
  const headers = {
    ...ANSWER_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status}\r\n${head}\r\n\r\n${body}`);
}
