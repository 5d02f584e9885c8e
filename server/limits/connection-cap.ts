import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ConnectionSlots } from './connection-slots';
import type { LimitRule } from './limit-table';

/**
 * Open connections per client address, counted on the socket before any request is read. A refused
 * request's reply is held a moment (refusal-hold.ts), so a script that wants to keep asking must open
 * more connections; past the cap a new connection is answered with a 429 and closed, costing no more
 * than its accept.
 *
 * Behind a trusted proxy every connection comes from the proxy, so the cap is left to the proxy
 * (`TRUST_PROXY` set): counting there would lock out every shopper at once.
 */
export function capConnectionsPerAddress(server: Server, rule: LimitRule, trustProxy: boolean | string): void {
  if (trustProxy) return;
  const slots = new ConnectionSlots(rule.max, Number.POSITIVE_INFINITY);
  // First in line, so Node's HTTP server never reads a request from a connection that is over the cap.
  server.prependListener('connection', (socket: Socket) => {
    const release = slots.take(socket.remoteAddress ?? 'unknown');
    if (release) {
      socket.once('close', release);
      return;
    }
    const body = JSON.stringify({ code: 429, result: 'Too many connections from this address. Try again in 10 seconds.' });
    socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    socket.destroySoon();
  });
}
