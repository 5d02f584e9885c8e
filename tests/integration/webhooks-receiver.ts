import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { scaled } from '../helpers/time-limits';

/** How the receiver treats one request: answer 200 (at once, or after 150 ms) or 500, never answer, or drop the connection. */
export type Behaviour = 'ok' | 'slow' | 'fail' | 'hang' | 'drop';

export interface ReceivedRequest {
  id: string;
  timestamp: string;
  signature: string;
  userAgent: string;
  contentType: string;
  /** The x-request-id header: the shop request that caused the event. */
  requestId: string;
  body: string;
  behaviour: Behaviour;
  /** The receiver answered 2xx: the event counts as received. */
  acknowledged: boolean;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** The next requests get these behaviours in turn; after them, `fallback` (200 unless changed). */
  plan(behaviours: Behaviour[], fallback?: Behaviour): void;
  /** The request's webhook-id, once acknowledged: what a receiver that de-duplicates keeps. */
  acknowledgedIds(): string[];
  waitFor(what: string, condition: () => boolean, timeoutMs?: number): Promise<void>;
  /** Whether the request verifies with this secret, as a receiver using the standardwebhooks package checks it. */
  verifies(request: ReceivedRequest, secret: string): boolean;
  close(): Promise<void>;
}

/** A local webhook receiver (port 0 on 127.0.0.1) that misbehaves on request, and records what it got. */
export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let planned: Behaviour[] = [];
  let fallback: Behaviour = 'ok';
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((check) => check());

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const behaviour = planned.shift() ?? fallback;
    const header = (name: string) => String(request.headers[name] ?? '');
    const received: ReceivedRequest = {
      id: header('webhook-id'),
      timestamp: header('webhook-timestamp'),
      signature: header('webhook-signature'),
      userAgent: header('user-agent'),
      contentType: header('content-type'),
      requestId: header('x-request-id'),
      body: Buffer.concat(chunks).toString('utf8'),
      behaviour,
      acknowledged: false,
    };
    requests.push(received);
    if (behaviour === 'drop') request.socket.destroy();
    else if (behaviour === 'fail') response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down for maintenance');
    else if (behaviour === 'ok' || behaviour === 'slow') {
      if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
      received.acknowledged = true;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    }
    notify();
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/hooks/shop`,
    requests,
    plan(behaviours, otherwise = 'ok') {
      planned = [...behaviours];
      fallback = otherwise;
    },
    acknowledgedIds: () => requests.filter((r) => r.acknowledged).map((r) => r.id),
    waitFor(what, condition, quietMs = 20_000) {
      // The limit is for a quiet machine and grows with the load, like every test limit.
      const timeoutMs = scaled(quietMs);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!condition()) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`receiver: ${what} did not happen within ${timeoutMs} ms; got ${JSON.stringify(requests.map((r) => [r.id, r.behaviour]))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    verifies(request, secret) {
      try {
        new Webhook(secret).verify(request.body, { 'webhook-id': request.id, 'webhook-timestamp': request.timestamp, 'webhook-signature': request.signature });
        return true;
      } catch {
        return false;
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

