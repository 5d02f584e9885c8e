import type { QueryClient, QueryState } from '@tanstack/react-query';
import type { ChangeFeed } from './in-process-api';

/**
 * What the route loaders read, kept from one render to the next until the catalogue changes: the
 * category tree, tax rules, attributes and home lists are the same on every page, and reading them
 * again meant an in-process request, a JSON parse of up to 70 kB and the tree rebuilt, per page.
 * Each is a settled answer of a render's own loader (the same query and query function, so the same
 * validation on the way in); a later render's loader finds it in its new query cache as if it had
 * just fetched it (`dataUpdatedAt` is the time of that render). Everything the loaders read is a
 * catalogue entity or content, so the catalogue's change feed (any process, LISTEN/NOTIFY) says when
 * to forget, as for the catalogue's own reply cache. Only the loaders see them: a read that a
 * component makes during the render, and that its loader did not make, stays unanswered, as before.
 * At most `maxEntries`, the least recently used dropped first (the shared ones are used by every page).
 */
export class RememberedAnswers {
  private readonly states = new Map<string, QueryState>();
  /** Bumped by every change: answers read before one are not kept after it. */
  private generation = 0;

  constructor(changes: ChangeFeed, private readonly maxEntries = 300) {
    changes.on('change', () => this.forget());
  }

  /**
   * Lets the loaders of a render's query cache start from kept answers until `done()`; `keep()` then
   * keeps that render's settled answers, unless the catalogue changed since it began. React Query
   * builds a query in its cache before reading it, and an initial state given there is the query's
   * state (as when hydrating).
   */
  answer(client: QueryClient): { done(): void; keep(): void } {
    const since = this.generation;
    let loading = true;
    const cache = client.getQueryCache();
    type Build = (owner: QueryClient, options: { queryHash?: string }, state?: QueryState) => unknown;
    const build = cache.build.bind(cache) as unknown as Build;
    const answering: Build = (owner, options, state) => {
      const hash = options.queryHash;
      if (state || !loading || hash === undefined || cache.get(hash)) return build(owner, options, state);
      const kept = this.take(hash);
      return build(owner, options, kept && { ...kept, dataUpdatedAt: Date.now() });
    };
    cache.build = answering as unknown as typeof cache.build;
    return {
      done: () => (loading = false),
      keep: () => {
        if (since === this.generation) this.keep(client);
      },
    };
  }

  get size(): number {
    return this.states.size;
  }

  private take(hash: string): QueryState | undefined {
    const state = this.states.get(hash);
    if (state) {
      this.states.delete(hash);
      this.states.set(hash, state);
    }
    return state;
  }

  private keep(client: QueryClient): void {
    for (const query of client.getQueryCache().getAll()) {
      const { state } = query;
      if (state.status !== 'success' || state.fetchStatus !== 'idle' || state.isInvalidated || this.states.has(query.queryHash)) continue;
      // Shared between renders: in tests (and development), changing one is an error at once.
      if (process.env.NODE_ENV !== 'production') deepFreeze(state.data);
      this.states.set(query.queryHash, state);
      if (this.states.size > this.maxEntries) this.states.delete(this.states.keys().next().value as string);
    }
  }

  private forget(): void {
    this.generation++;
    this.states.clear();
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (value instanceof Map) for (const item of value.values()) deepFreeze(item);
  else for (const item of Object.values(value)) deepFreeze(item);
  Object.freeze(value);
}
