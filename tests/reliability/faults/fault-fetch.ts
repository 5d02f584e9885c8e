import { createRng, deriveSeed, type Rng } from '../../../server/seed/rng';
import { describeOrderLines } from './order-lines-described';
import { AFTER_FAULTS, BEFORE_FAULTS, NO_FAULTS, noFaultCounts, type AfterFault, type BeforeFault, type FaultCounts, type FaultKind, type FaultSettings } from './fault-kinds';
import { envelope, hang, networkFailure, proxyPage } from './fault-replies';

/**
 * A fetch between the client data layer and the real server that injects network and application
 * faults (fault-kinds.ts). The client talks to a fixed base URL; each request is sent to wherever
 * the server listens now, so a restarted server on a new port is the same shop to the client.
 *
 * Fault decisions come from their own seeded stream, and each request draws from a stream of its
 * own: the n-th request to one path gets the same decision whatever ran in between, so a seed
 * replays its faults as long as the client sends the same requests to that path.
 */
export const CLIENT_BASE_URL = 'http://shop.invalid';

export interface FaultEvent {
  at: number;
  kind: FaultKind;
  request: string;
}

export interface FaultFetch {
  fetch: typeof fetch;
  /** The same network for one tab: its requests are named by `label` in the trace (which device, which tab). */
  fetchAs(label: string): typeof fetch;
  settings: FaultSettings;
  /** Where the server listens now (changes when it restarts). */
  target: string;
  /** Faults injected, by kind (for the report), and the latest of them (for a failure's trace). */
  readonly injected: FaultCounts;
  readonly events: FaultEvent[];
  /** Deliveries that reached the server, by order_id of an order body / by task marker header. */
  readonly ordersReceived: Map<string, number>;
  readonly tasksReceived: Map<string, number>;
  /** Order and task replies lost after the server acted (a retry of those is expected). */
  readonly repliesLost: Map<string, number>;
  /** Hung requests nobody aborted: the client applied no time-out. */
  readonly hangsCapped: number;
  /** Requests made after close(): background work that outlived its scenario. */
  readonly afterClose: string[];
  /** Requests still waiting for a reply, as "METHOD /path". */
  inFlight(): string[];
  /** Requests made so far (to tell a quiet network from a busy one). */
  requests(): number;
  /** Ends the scenario's network: hung requests are released, later requests fail at once. */
  close(): void;
}

export interface FaultFetchOptions {
  /** The seed of the fault stream (derived from the scenario seed, apart from the plan's). */
  seed: number;
  target: string;
  /** A hung request nobody aborts is cut after this long. */
  hangCapMs: number;
  /** Told of every request as it ends: when it started, what it was and what it met (FAULT_TRACE). */
  trace?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Walks the cumulative chances with one draw: at most one fault of the group per request. */
function draw<K extends string>(r: Rng, kinds: readonly K[], chance: Partial<Record<K, number>>): K | null {
  let u = r.next();
  for (const kind of kinds) {
    const p = chance[kind] ?? 0;
    if (u < p) return kind;
    u -= p;
  }
  return null;
}

export function faultFetch(options: FaultFetchOptions): FaultFetch {
  const injected = noFaultCounts();
  const events: FaultEvent[] = [];
  const ordersReceived = new Map<string, number>();
  const tasksReceived = new Map<string, number>();
  const repliesLost = new Map<string, number>();
  const requestsPerPath = new Map<string, number>();
  const pending = new Map<number, string>();
  const releases = new Set<() => void>();
  const afterClose: string[] = [];
  let nextId = 0;
  let capped = 0;
  let closed = false;
  const created = Date.now();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const wrapper: FaultFetch = {
    settings: { ...NO_FAULTS },
    target: options.target,
    injected,
    events,
    ordersReceived,
    tasksReceived,
    repliesLost,
    get hangsCapped() {
      return capped;
    },
    afterClose,
    inFlight: () => [...pending.values()],
    requests: () => nextId,
    close() {
      closed = true;
      for (const release of [...releases]) release();
    },
    fetch: (input, init) => traced(input, init, ''),
    fetchAs: (label) => (input, init) => traced(input, init, `${label} `),
  };

  async function traced(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, label: string): Promise<Response> {
    if (!options.trace) return deliver(input, init);
    const started = Date.now();
    const before = events.length;
    const requested = new URL(input instanceof Request ? input.url : String(input));
    const cartLine = requested.pathname.startsWith('/api/cart/') && typeof init?.body === 'string' ? ` ${init.body.slice(0, 600)}` : orderLine(requested.pathname, init?.body);
    let outcome = 'threw';
    try {
      const response = await deliver(input, init);
      outcome = String(response.status);
      return response;
    } finally {
      const faults = events.slice(before).map((e) => e.kind).join(',');
      options.trace(`+${started - created} ms ${label}${init?.method ?? 'GET'} ${requested.pathname}${requested.search}${cartLine} → ${outcome}${faults ? ` [${faults}]` : ''} (${Date.now() - started} ms)`);
    }
  }

  /** An order's cart and lines, which decide what the server takes from which cart. */
  function orderLine(pathname: string, body: unknown): string {
    if (pathname !== '/api/order' || typeof body !== 'string') return '';
    try {
      return ` ${describeOrderLines(JSON.parse(body))}`;
    } catch {
      return '';
    }
  }

  /** One request through the faults to the server. */
  async function deliver(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): Promise<Response> {
    const requested = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const label = `${method} ${requested.pathname}`;
    if (closed) {
      afterClose.push(label);
      throw networkFailure('the scenario is over', 'ECONNREFUSED');
    }
    const n = requestsPerPath.get(label) ?? 0;
    requestsPerPath.set(label, n + 1);
    const r = createRng(deriveSeed(options.seed, `${label}#${n}`));
    const s = wrapper.settings;
    const inject = (kind: FaultKind) => {
      injected[kind]++;
      events.push({ at: Date.now(), kind, request: `${label}#${n}` });
    };
    const id = nextId++;
    pending.set(id, label);
    try {
      if (s.offline) {
        inject('offline');
        throw networkFailure('connect ENETUNREACH', 'ENETUNREACH');
      }
      const before: BeforeFault | null = draw(r, BEFORE_FAULTS, s.chance);
      if (before) inject(before);
      if (before === 'dropBefore') throw networkFailure('socket hang up', 'ECONNRESET');
      if (before === 'status500') return envelope(500, 'Internal Server Error');
      if (before === 'status503') return envelope(503, 'Service Unavailable');
      if (before === 'status429') return envelope(429, 'Too Many Requests');
      if (before === 'proxyBefore') return proxyPage(502);
      if (before === 'hangBefore') return await hang(init?.signal, options.hangCapMs, () => capped++, releases);

      // Markers that say which order or task this request carries, to count deliveries.
      let marker: string | null = null;
      if (requested.pathname === '/api/order' && typeof init?.body === 'string') {
        const orderId = (JSON.parse(init.body) as { order_id?: unknown }).order_id;
        if (typeof orderId === 'string') marker = `order:${orderId}`;
      }
      const taskMarker = new Headers(init?.headers).get('x-fault-task');
      if (taskMarker) marker = `task:${taskMarker}`;

      const response = await fetch(wrapper.target + requested.pathname + requested.search, init);
      // A 401 (expired token) is refused before anything is done; the retry after the refresh is the delivery.
      if (response.status !== 401 && marker?.startsWith('order:')) bump(ordersReceived, marker.slice(6));
      if (response.status !== 401 && marker?.startsWith('task:')) bump(tasksReceived, marker.slice(5));

      const targeted =
        requested.pathname === '/api/user/refresh' && r.chance(s.chance.lostRefreshReply ?? 0) ? 'lostRefreshReply' : requested.pathname === '/api/order' && r.chance(s.chance.lostOrderReply ?? 0) ? 'lostOrderReply' : null;
      const after: AfterFault | (typeof targeted & string) | null = targeted ?? draw(r, AFTER_FAULTS, s.chance);
      if (!after) return response;
      inject(after);
      if (after === 'slow') {
        const [min, max] = s.slowMs;
        await sleep(min + r.next() * (max - min));
        return response;
      }
      // The server acted; read its reply to the end so it has finished, then lose it.
      await response.arrayBuffer().catch(() => undefined);
      if (marker) bump(repliesLost, marker);
      if (after === 'proxyAfter') return proxyPage(502);
      if (after === 'hangAfter') return await hang(init?.signal, options.hangCapMs, () => capped++, releases);
      throw networkFailure('socket hang up', 'ECONNRESET');
    } finally {
      pending.delete(id);
    }
  }
  return wrapper;
}
