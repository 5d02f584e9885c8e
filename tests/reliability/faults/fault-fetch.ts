/**
 * A fetch between the client data layer and the real server that injects network faults:
 * offline (refused before sending), a request dropped before the server sees it, a reply dropped
 * after the server acted, and slow replies. The client talks to a fixed base URL; each request is
 * sent to wherever the server currently listens, so a restarted server on a new port is the same
 * shop to the client.
 */
export const CLIENT_BASE_URL = 'http://shop.invalid';

export type FaultKind = 'offline' | 'dropBefore' | 'dropAfter' | 'slow';

export interface FaultSettings {
  offline: boolean;
  /** Chance that a request is lost before it reaches the server. */
  dropBefore: number;
  /** Chance that the server acts but its reply is lost. */
  dropAfter: number;
  /** Chance of a slow reply, and its delay range in ms. */
  slow: number;
  slowMs: readonly [number, number];
}

export const NO_FAULTS: FaultSettings = { offline: false, dropBefore: 0, dropAfter: 0, slow: 0, slowMs: [0, 0] };

export interface FaultFetch {
  fetch: typeof fetch;
  settings: FaultSettings;
  /** Where the server listens now (changes when it restarts). */
  target: string;
  /** Faults injected, by kind (for the report). */
  readonly injected: Record<FaultKind, number>;
  /** Requests that reached the server, by order_id of an order body / by task marker header. */
  readonly ordersReceived: Map<string, number>;
  readonly tasksReceived: Map<string, number>;
  /** Order and task replies dropped after the server acted (a retry of those is expected). */
  readonly repliesDropped: Map<string, number>;
  /** Requests still waiting for a reply. */
  inFlight(): number;
}

const networkFailure = (message: string, code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

export function faultFetch(random: () => number, target: string): FaultFetch {
  const injected: Record<FaultKind, number> = { offline: 0, dropBefore: 0, dropAfter: 0, slow: 0 };
  const ordersReceived = new Map<string, number>();
  const tasksReceived = new Map<string, number>();
  const repliesDropped = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let pending = 0;

  const wrapper: FaultFetch = {
    settings: { ...NO_FAULTS },
    target,
    injected,
    ordersReceived,
    tasksReceived,
    repliesDropped,
    inFlight: () => pending,
    fetch: async (input, init) => {
      const requested = new URL(input instanceof Request ? input.url : String(input));
      const url = wrapper.target + requested.pathname + requested.search;
      const s = wrapper.settings;
      if (s.offline) {
        injected.offline++;
        throw networkFailure('connect ENETUNREACH', 'ENETUNREACH');
      }
      if (random() < s.dropBefore) {
        injected.dropBefore++;
        throw networkFailure('socket hang up', 'ECONNRESET');
      }
      // Markers that say which order or task this request carries, to count deliveries.
      let marker: string | null = null;
      if (requested.pathname === '/api/order' && typeof init?.body === 'string') {
        const orderId = (JSON.parse(init.body) as { order_id?: unknown }).order_id;
        if (typeof orderId === 'string') marker = `order:${orderId}`;
      }
      const taskMarker = new Headers(init?.headers).get('x-fault-task');
      if (taskMarker) marker = `task:${taskMarker}`;
      pending++;
      try {
        const response = await fetch(url, init);
        // A 401 (expired token) is refused before anything is done; the retry after the refresh is the delivery.
        if (response.status !== 401 && marker?.startsWith('order:')) bump(ordersReceived, marker.slice(6));
        if (response.status !== 401 && marker?.startsWith('task:')) bump(tasksReceived, marker.slice(5));
        if (random() < s.slow) {
          injected.slow++;
          const [min, max] = s.slowMs;
          await new Promise((r) => setTimeout(r, min + random() * (max - min)));
        }
        if (random() < s.dropAfter) {
          injected.dropAfter++;
          await response.arrayBuffer().catch(() => undefined);
          if (marker) bump(repliesDropped, marker);
          throw networkFailure('socket hang up', 'ECONNRESET');
        }
        return response;
      } finally {
        pending--;
      }
    },
  };
  return wrapper;
}
