/**
 * RxDB's query code (the query planner, mingo's matchers and sort), imported on its own by
 * `startLocalDatabase()` ahead of RxDB's core, which needs it: a module graph is evaluated from its
 * leaves, so this part is evaluated in a task of its own and the core's task is that much shorter.
 */
export { getQueryMatcher, getSortComparator, prepareQuery } from 'rxdb';
