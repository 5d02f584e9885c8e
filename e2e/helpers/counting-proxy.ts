import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** Every request that went through, as "METHOD path?query", in order. */
  seen: string[];
  /** The requests whose reply reached the client in full, as in `seen` (a request whose client went away first is not here). */
  delivered: string[];
  /** Holds replies to matching paths back this long (a slow network), 0 to stop. */
  delay(pathPattern: RegExp, ms: number): void;
  /** Lets `allow` more requests to matching paths through, then keeps the others waiting at the proxy until `release()`. */
  hold(pathPattern: RegExp, allow?: number): void;
  /** Answers the next `times` requests to matching paths with a 503 (a busy server) instead of forwarding them. */
  fail(pathPattern: RegExp, times: number): void;
  /** Sends the waiting requests on (those whose client is still there) and stops holding. */
  release(): void;
  /** Requests waiting at the proxy. */
  waiting(): number;
  close(): Promise<void>;
}

/**
 * A plain HTTP proxy in front of the shop that records every request, whoever makes it (a page, a
 * shared or dedicated worker, the service worker): the browser's own network events do not show a
 * shared worker's requests. Streams (the change stream) pass through as they come.
 */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const seen: string[] = [];
  const delivered: string[] = [];
  const delays: { pattern: RegExp; ms: number }[] = [];
  let holding: { pattern: RegExp; allow: number } | null = null;
  let failing: { pattern: RegExp; times: number } | null = null;
  let held: (() => void)[] = [];
  // Requests still open upstream (the change stream never ends): closed with the proxy, so the shop can stop.
  const open = new Set<http.ClientRequest>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(`${req.method} ${path}`);
    if (failing && failing.times > 0 && failing.pattern.test(path)) {
      failing.times--;
      res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      return;
    }
    const wait = delays.find((d) => d.pattern.test(path))?.ms ?? 0;
    const forward = () => {
      // A client that went away while its request waited (a worker that was ended) gets nothing.
      if (req.socket.destroyed) return;
      res.on('finish', () => delivered.push(`${req.method} ${path}`));
      const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers: { ...req.headers, host: upstream.host } }, (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      });
      open.add(out);
      out.on('close', () => open.delete(out));
      out.on('error', () => res.destroy());
      res.on('close', () => out.destroy());
      req.pipe(out);
    };
    const go = () => (wait > 0 ? setTimeout(forward, wait) : forward());
    if (holding?.pattern.test(path) && holding.allow-- <= 0) held.push(go);
    else go();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    delivered,
    delay(pattern, ms) {
      delays.splice(0, delays.length, ...(ms > 0 ? [{ pattern, ms }] : []));
    },
    fail(pattern, times) {
      failing = { pattern, times };
    },
    hold(pattern, allow = 0) {
      holding = { pattern, allow };
    },
    release() {
      holding = null;
      const go = held;
      held = [];
      go.forEach((send) => send());
    },
    waiting: () => held.length,
    close: () =>
      new Promise<void>((resolve) => {
        open.forEach((out) => out.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
