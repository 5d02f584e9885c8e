import type { Queryable } from '../../../server/db/database';
import type { TestServer } from '../../helpers/test-server';
import { changedTables, digestTables, type Digest } from './db-digest';
import { preview, rawRequest, type RawReply, type RawRequest } from './raw-http';
import { replyProblems } from './reply-checks';
import { clearThrottles } from './shop-fixtures';

export interface Probe {
  reply: RawReply;
  problems: string[];
}

/**
 * The digest taken after the last refused request, with the write-ahead-log position it was
 * taken at: while the log has not moved, nothing was written since, so the next request can start
 * from it instead of digesting every table again (the digest is the costly part of a probe).
 */
const lastDigest = new WeakMap<TestServer, { lsn: string; digest: Digest }>();

async function walPosition(db: Queryable): Promise<string> {
  const [row] = await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return row?.lsn ?? '';
}

/**
 * Sends one request and judges the reply by the contract (no 5xx, the envelope, a message on a
 * refusal) and the database by the rule that a refused request changes nothing. Throttle counters
 * are cleared first, so rate limits do not stand in front of the code under test.
 */
export async function probe(server: TestServer, request: RawRequest, rawReply?: string): Promise<Probe> {
  const db = server.ctx.db;
  const known = lastDigest.get(server);
  const reusable = known !== undefined && known.lsn === (await walPosition(db));
  await clearThrottles(server);
  const before = reusable ? known.digest : await digestTables(db);
  lastDigest.delete(server);
  const reply = await rawRequest(server.url, request);
  const problems = replyProblems(reply, rawReply);
  if (reply.status >= 400) {
    const after = await digestTables(db);
    const changed = changedTables(before, after);
    if (changed.length > 0) problems.push(`refused with ${reply.status} yet changed: ${changed.join(', ')}`);
    lastDigest.set(server, { lsn: await walPosition(db), digest: after });
  }
  return { reply, problems };
}

export function describeProbe(request: RawRequest & { label?: string }, { reply, problems }: Probe): string {
  const body = request.body === undefined ? '(none)' : preview(request.body.toString(), 300);
  return [
    `${request.method} ${preview(request.path, 200)}`,
    ...(request.label ? [`  made by: ${request.label}`] : []),
    `  headers: ${preview(request.headers ?? {}, 200)}`,
    `  body: ${body}`,
    `  reply ${reply.status}: ${preview(reply.text, 300)}`,
    ...problems.map((p) => `  PROBLEM: ${p}`),
  ].join('\n');
}
