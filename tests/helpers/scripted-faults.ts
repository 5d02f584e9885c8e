/**
 * A fetch for client data-layer tests that answers chosen requests with a chosen fault, once or a
 * few times: a request that hangs until the client's time-out aborts it, a proxy's HTML 502, a 5xx
 * or 429 envelope from a server that did not act, or a reply lost after the server acted.
 */
export type ScriptedFault = 'hang' | 'proxy502' | 'status500' | 'status503' | 'status429' | 'dropReply';

interface Rule {
  path: string;
  fault: ScriptedFault;
  times: number;
}

const networkFailure = () => new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
const envelope = (code: number, result: string) => new Response(JSON.stringify({ code, result }), { status: code, headers: { 'content-type': 'application/json; charset=utf-8' } });

export interface ScriptedFetch {
  fetch: typeof fetch;
  /** The next `times` requests to `path` meet `fault`. */
  fault(path: string, fault: ScriptedFault, times?: number): void;
  /** Every request fails as if there were no network while true. */
  offline: boolean;
  /** Requests by path that reached the server (a lost reply counts: the server acted). */
  reached(path: string): number;
}

export function scriptedFetch(base: typeof fetch = fetch): ScriptedFetch {
  const rules: Rule[] = [];
  const reached = new Map<string, number>();
  const scripted: ScriptedFetch = {
    offline: false,
    fault: (path, fault, times = 1) => void rules.push({ path, fault, times }),
    reached: (path) => reached.get(path) ?? 0,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (scripted.offline) throw networkFailure();
      const rule = rules.find((r) => r.path === url.pathname && r.times > 0);
      if (rule) rule.times--;
      switch (rule?.fault) {
        case 'hang':
          return new Promise<Response>((_resolve, reject) => {
            const signal = init?.signal;
            if (signal?.aborted) reject(signal.reason as Error);
            signal?.addEventListener('abort', () => reject(signal.reason as Error));
          });
        case 'proxy502':
          return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'content-type': 'text/html' } });
        case 'status500':
          return envelope(500, 'Internal Server Error');
        case 'status503':
          return envelope(503, 'Service Unavailable');
        case 'status429':
          return envelope(429, 'Too many requests');
        default:
      }
      const response = await base(input, init);
      reached.set(url.pathname, (reached.get(url.pathname) ?? 0) + 1);
      if (rule?.fault === 'dropReply') {
        await response.arrayBuffer();
        throw networkFailure();
      }
      return response;
    },
  };
  return scripted;
}
