/**
 * A plain HTTP proxy in front of the shop that records every request with its times (epoch ms),
 * whoever makes it: a shared worker's requests show neither in the page's network events nor in
 * its resource timing, so the catalogue download's first feed request is taken here, in the same
 * way for the worker and for the page's own thread. Streams pass through as they come.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TimedRequest {
  /** "METHOD path?query" */
  request: string;
  /** When it reached the proxy, epoch ms. */
  at: number;
  /** When its reply ended, epoch ms (undefined while open: the change stream). */
  end?: number;
}

export interface TimedProxy {
  url: string;
  /** Every request that went through, in order of arrival. */
  seen: TimedRequest[];
  close(): Promise<void>;
}

/** Epoch milliseconds with sub-millisecond resolution (the page's `performance.timeOrigin + now()` is on the same clock). */
export const epochMs = () => performance.timeOrigin + performance.now();

export async function timedProxy(target: string): Promise<TimedProxy> {
  const upstream = new URL(target);
  const seen: TimedRequest[] = [];
  const open = new Set<http.ClientRequest>();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const entry: TimedRequest = { request: `${req.method} ${req.url ?? '/'}`, at: epochMs() };
    seen.push(entry);
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
      reply.on('end', () => (entry.end = epochMs()));
    });
    open.add(out);
    out.on('close', () => open.delete(out));
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        open.forEach((out) => out.destroy());
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
