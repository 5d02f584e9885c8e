import { isUnknownOutcome, isUnknownReply } from '../../../replication/api/api-errors';
import type { ApiClient, QueryValue } from '../../../replication/api/api-types';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal, writeLocal, type LocalKey } from '../local-state';

/** One order-history reply as the server gave it, with the query it answered and when. */
interface KeptReply {
  query: string;
  savedAt: number;
  reply: unknown;
}

/**
 * The signed-in customer's last order-history replies, so that offline (or with the server out of
 * reach) the order history and its details show the last known status instead of an error. One
 * customer at a time: a reply for another customer replaces it, reads name the customer, and logging
 * out removes it (session.ts), so a shared device never shows one customer's orders to another.
 */
export interface OrderHistoryCache {
  customer: string;
  replies: KeptReply[];
}

export const ORDER_HISTORY_CACHE: LocalKey<OrderHistoryCache | null> = { id: 'order-history', fallback: null };

/** The pages and filters kept per customer (the unfiltered first page is the one the screens need). */
const MAX_REPLIES = 5;

const customerKey = (email: string) => email.trim().toLowerCase();
const queryKey = (query: Record<string, QueryValue>) =>
  JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export async function keepOrderHistory(db: ShopDatabase, customer: string, query: Record<string, QueryValue>, reply: unknown, savedAt = Date.now()): Promise<void> {
  const key = queryKey(query);
  // One read-and-write, so two tabs keeping replies at once do not drop each other's.
  await modifyLocal(db, ORDER_HISTORY_CACHE, (current) => {
    const earlier = current?.customer === customerKey(customer) ? current.replies.filter((r) => r.query !== key) : [];
    return { customer: customerKey(customer), replies: [{ query: key, savedAt, reply }, ...earlier].slice(0, MAX_REPLIES) };
  });
}

/** The last reply kept for this customer and query, if any. */
export async function lastOrderHistory<T>(db: ShopDatabase, customer: string, query: Record<string, QueryValue>): Promise<{ reply: T; savedAt: number } | null> {
  const current = await readLocal(db, ORDER_HISTORY_CACHE);
  if (current?.customer !== customerKey(customer)) return null;
  const kept = current.replies.find((r) => r.query === queryKey(query));
  return kept ? { reply: kept.reply as T, savedAt: kept.savedAt } : null;
}

export async function forgetOrderHistory(db: ShopDatabase): Promise<void> {
  await writeLocal(db, ORDER_HISTORY_CACHE, null);
}

/** A reply to show: fresh from the server (`asOf` null) or the last one kept, with the time it was received. */
export interface OrderHistoryRead<T> {
  reply: T;
  asOf: number | null;
}

const messageOf = (reply: { code: number; result: unknown }) => (typeof reply.result === 'string' && reply.result ? reply.result : `The server answered ${reply.code}`);

/**
 * GET the customer's order history; a reply is kept for them. When the outcome is unknown (offline,
 * no reply in time, a 5xx or a proxy's page) the last kept reply is shown with its time; a refusal
 * (a 4xx) is an error as before.
 */
export async function readOrderHistory<T>(db: ShopDatabase, api: Pick<ApiClient, 'request'>, customer: string, path: string, query: Record<string, QueryValue>): Promise<OrderHistoryRead<T>> {
  let failure: unknown;
  try {
    const reply = await api.request<T>(path, { query });
    if (reply.code === 200) {
      // Kept only while the same customer is signed in: a reply arriving after a logout stays out.
      const signedIn = (await readLocal(db, LOCAL.currentUser))?.email;
      if (signedIn && customerKey(signedIn) === customerKey(customer)) await keepOrderHistory(db, customer, query, reply.result).catch(() => undefined);
      return { reply: reply.result, asOf: null };
    }
    if (!isUnknownReply(reply)) throw new Error(messageOf(reply));
    failure = new Error(messageOf(reply));
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    failure = error;
  }
  const last = await lastOrderHistory<T>(db, customer, query);
  if (last) return { reply: last.reply, asOf: last.savedAt };
  throw failure;
}
