/**
 * An HTTP proxy in front of the shop that shapes every request to a phone's link (link-shaping.ts),
 * whoever makes it: the page, its service worker and the catalogue's SharedWorker alike (DevTools'
 * network emulation reaches the page only). The browser talks to it as to the shop itself.
 *
 * One link for the whole browser, as a phone has: the requests share the bit rate in both directions.
 * A new connection costs one round trip (the TCP handshake) before its first request goes up; each
 * request then goes up the link (its headers and body), the shop answers at once (localhost), and
 * the reply's headers and body come down the link. Each request is recorded with what it is for
 * (`Sec-Fetch-Dest`) and the bytes it brought down, as the shop sent them (compressed or not).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LinkClock, PIECE_BYTES, pieceSizes, TakeTurns, type LinkProfile } from './link-shaping';
import { epochMs } from './timed-proxy';

export interface ShapedRequest {
  /** "METHOD path?query" */
  request: string;
  /** `Sec-Fetch-Dest` ('document', 'script', 'serviceworker', 'sharedworker', 'empty' for fetch()…). */
  dest: string;
  /** When it reached the proxy, epoch ms. */
  at: number;
  /** When the last of its reply reached the browser, epoch ms (undefined while open: the change stream). */
  end?: number;
  status?: number;
  contentEncoding?: string;
  /** Reply bytes that came down the link: headers and body as the shop sent them. */
  downBytes: number;
}

export interface ShapedProxy {
  url: string;
  profile: LinkProfile;
  seen: ShapedRequest[];
  close(): Promise<void>;
}

interface Piece {
  flow: number;
  bytes: number;
  queuedAt: number;
  arrived: boolean;
  deliver: () => void;
}

/**
 * One direction of the link: pieces from every flow, one at a time, in turns. A flow's pieces are
 * handed over in the order they were offered, whatever order their timers fire in (Node times them
 * from its loop's cached whole millisecond, so two close arrivals may swap).
 */
class Direction {
  private readonly clock: LinkClock;
  private readonly turns = new TakeTurns<Piece>();
  /** Each flow's pieces not yet handed over, in order. */
  private readonly inFlight = new Map<number, Piece[]>();
  private timer: NodeJS.Timeout | undefined;
  private readonly deliveries = new Set<NodeJS.Timeout>();

  constructor(bitsPerSecond: number, oneWayMs: number) {
    this.clock = new LinkClock(bitsPerSecond, oneWayMs);
  }

  /** Queues `bytes` for `flow`; `deliver(i, size)` runs as piece i arrives, `done` after the last (also for 0 bytes). */
  offer(flow: number, bytes: number, deliver: (piece: number, size: number) => void, done?: () => void): void {
    const queuedAt = performance.now();
    const pieces: Piece[] = pieceSizes(bytes).map((size, i) => ({ flow, bytes: size, queuedAt, arrived: false, deliver: () => deliver(i, size) }));
    if (done) pieces.push({ flow, bytes: 0, queuedAt, arrived: false, deliver: done });
    const order = this.inFlight.get(flow) ?? [];
    this.inFlight.set(flow, order);
    for (const piece of pieces) {
      order.push(piece);
      this.turns.add(flow, piece);
    }
    this.pump();
  }

  drop(flow: number): void {
    this.turns.drop(flow);
    this.inFlight.delete(flow);
  }

  private arrive(piece: Piece): void {
    piece.arrived = true;
    const order = this.inFlight.get(piece.flow);
    while (order?.[0]?.arrived) order.shift()!.deliver();
    if (order && !order.length) this.inFlight.delete(piece.flow);
  }

  private pump(): void {
    if (this.timer) return;
    const piece = this.turns.next();
    if (!piece) return;
    const { leftAt, arrivesAt } = this.clock.send(piece.bytes, piece.queuedAt);
    const now = performance.now();
    const delivery = setTimeout(() => {
      this.deliveries.delete(delivery);
      this.arrive(piece);
    }, Math.max(0, arrivesAt - now));
    this.deliveries.add(delivery);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, Math.max(0, leftAt - now));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.deliveries.forEach(clearTimeout);
  }
}

/** The bytes of a message's start line and headers on the wire, near enough. */
const headerBytes = (startLine: string, rawHeaders: readonly string[]) => {
  let bytes = startLine.length + 4;
  for (let i = 0; i < rawHeaders.length; i += 2) bytes += rawHeaders[i]!.length + rawHeaders[i + 1]!.length + 4;
  return bytes;
};

export async function shapedProxy(target: string, profile: LinkProfile): Promise<ShapedProxy> {
  const upstream = new URL(target);
  const seen: ShapedRequest[] = [];
  const open = new Set<http.ClientRequest>();
  const agent = new http.Agent({ keepAlive: true });
  const oneWay = profile.rttMs / 2;
  const down = new Direction(profile.downBitsPerSecond, oneWay);
  const up = new Direction(profile.upBitsPerSecond, oneWay);
  /** Sockets that have not carried a request yet: their first one pays for the handshake. */
  const fresh = new WeakSet<Socket>();
  let flows = 0;

  const server = http.createServer((req, res) => {
    const flow = ++flows;
    const entry: ShapedRequest = { request: `${req.method} ${req.url ?? '/'}`, dest: String(req.headers['sec-fetch-dest'] ?? ''), at: epochMs(), downBytes: 0 };
    seen.push(entry);
    const handshakeMs = fresh.has(req.socket) ? profile.rttMs : 0;
    fresh.delete(req.socket);
    const body: Buffer[] = [];
    let closed = false;
    res.on('close', () => {
      closed = true;
      down.drop(flow);
      up.drop(flow);
    });
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      const requestBytes = headerBytes(`${req.method} ${req.url} HTTP/1.1`, req.rawHeaders) + body.reduce((sum, b) => sum + b.length, 0);
      const goUp = () => up.offer(flow, requestBytes, () => undefined, () => !closed && forward());
      if (handshakeMs) setTimeout(goUp, handshakeMs);
      else goUp();
    });

    function forward(): void {
      const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent }, (reply) => {
        entry.status = reply.statusCode;
        entry.contentEncoding = reply.headers['content-encoding'];
        const head = headerBytes(`HTTP/1.1 ${reply.statusCode} ${reply.statusMessage}`, reply.rawHeaders);
        down.offer(flow, head, () => undefined, () => {
          entry.downBytes += head;
          if (!closed) res.writeHead(reply.statusCode ?? 502, reply.headers);
        });
        reply.on('data', (chunk: Buffer) => {
          down.offer(flow, chunk.length, (i, size) => {
            entry.downBytes += size;
            if (!closed) res.write(chunk.subarray(i * PIECE_BYTES, i * PIECE_BYTES + size));
          });
        });
        reply.on('end', () => {
          down.offer(flow, 0, () => undefined, () => {
            entry.end = epochMs();
            if (!closed) res.end();
          });
        });
      });
      open.add(out);
      out.on('close', () => open.delete(out));
      out.on('error', () => res.destroy());
      res.on('close', () => out.destroy());
      out.end(Buffer.concat(body));
    }
  });
  server.on('connection', (socket: Socket) => fresh.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    profile,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        down.stop();
        up.stop();
        open.forEach((out) => out.destroy());
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
