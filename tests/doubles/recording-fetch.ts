/** A fetch that records what the catalogue feed sent and can cut the connection on a chosen request. */
export interface RecordingFetch {
  fetch: typeof fetch;
  /** Ids of every document each feed reply carried, in order. */
  feedBatches: string[][];
  /** The checkpoint each feed reply carried, in order. */
  feedCheckpoints: unknown[];
  /** Every request's path and query. */
  requests: string[];
  /** Fail the n-th feed request from now on (1 = the next one) as if the network dropped. */
  cutFeedAt(n: number): void;
  /** After n more successful feed replies, fail every feed request (a connection that stays down). */
  feedDownAfter(n: number): void;
  /** The next request to this path reaches the server, but its reply is lost (a drop mid-request). */
  dropNextReply(path: string): void;
  /** Fail every request while true. */
  offline: boolean;
}

export function recordingFetch(base: typeof fetch = fetch): RecordingFetch {
  let cutAt = 0;
  let downAfter = Infinity;
  /** Feed requests let through so far: counted when they start, since a pull may ask for the next batch before the last reply is read. */
  let feedLetThrough = 0;
  const dropReplies = new Set<string>();
  const recorder: RecordingFetch = {
    feedBatches: [],
    feedCheckpoints: [],
    requests: [],
    offline: false,
    cutFeedAt(n) {
      cutAt = n;
    },
    dropNextReply(path) {
      dropReplies.add(path);
    },
    feedDownAfter(n) {
      downAfter = feedLetThrough + n;
    },
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      recorder.requests.push(url.pathname + url.search);
      if (recorder.offline) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      const isFeed = url.pathname === '/api/catalog/changes';
      if (isFeed && ((cutAt > 0 && --cutAt === 0) || feedLetThrough >= downAfter)) throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      if (isFeed) feedLetThrough++;
      const response = await base(input, init);
      if (dropReplies.delete(url.pathname)) {
        await response.arrayBuffer();
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      }
      if (isFeed && response.ok) {
        const body = (await response.clone().json()) as { result: { documents: { id: string | number; _entity: string }[]; checkpoint: unknown } };
        recorder.feedBatches.push(body.result.documents.map((d) => `${d._entity}:${d.id}`));
        recorder.feedCheckpoints.push(body.result.checkpoint);
      }
      return response;
    },
  };
  return recorder;
}
