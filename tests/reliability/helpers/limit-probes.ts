import { request as httpRequest, type ClientRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface OpenedStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The reply body for a refusal (the stream's own body never ends). */
  body: string;
  close(): void;
}

/**
 * Opens `GET /api/catalog/stream` and resolves once its `ready` event arrived (a 200) or its refusal
 * was read whole. `localAddress` picks the client address on the loopback range (127.0.0.x).
 */
export function openStream(baseUrl: string, localAddress = '127.0.0.1'): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | undefined = undefined;
    const close = () => req?.destroy();
    req = httpRequest(new URL('/api/catalog/stream', baseUrl), { localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (res.statusCode === 200 && body.includes('event: ready')) resolve({ status: 200, headers: res.headers, body, close });
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close }));
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.end();
  });
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Times `probe` one call after another until `until` settles; the latencies in ms. */
export async function timeWhile(probe: () => Promise<unknown>, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => undefined);
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await probe();
    times.push(performance.now() - started);
  }
  return times;
}

/** POSTs JSON from `localAddress` on its own connection; the reply's status once its body was read. */
export function postFrom(baseUrl: string, localAddress: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

export interface RawConnection {
  socket: Socket;
  /** Everything the server sent until it closed the connection. */
  reply(): Promise<string>;
  /** Sends `GET path` and resolves with the reply's first bytes. */
  ask(path: string): Promise<string>;
}

/** A plain TCP connection from `localAddress`, resolved once it is established. */
export function connectFrom(baseUrl: string, localAddress: string): Promise<RawConnection> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress }, () => {
      const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
      resolve({
        socket,
        reply: () => closed,
        ask: (path) =>
          new Promise((answered) => {
            socket.once('data', () => answered(received));
            socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
          }),
      });
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}
