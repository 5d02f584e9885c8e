import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';

/** `newsletter_subscribers`, keyed by the lower-cased address. */
export async function isSubscribed(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ status: string }>('select status from newsletter_subscribers where email = $1', [email.toLowerCase()]);
  return rows[0]?.status === 'subscribed';
}

/**
 * Subscribes (again); returns true only the first time this address ever subscribes, so the
 * welcome coupon goes out once per address. The conditional update is the once-only guard.
 */
export async function subscribe(db: Queryable, email: string): Promise<boolean> {
  await db.query(
    `insert into newsletter_subscribers as s (email, status, subscribed_at) values ($1, 'subscribed', now())
     on conflict (email) do update set status = 'subscribed',
       subscribed_at = case when s.status = 'subscribed' then s.subscribed_at else now() end`,
    [email.toLowerCase()],
  );
  const first = await db.query('update newsletter_subscribers set coupon_sent_at = now() where email = $1 and coupon_sent_at is null returning email', [email.toLowerCase()]);
  return first.length > 0;
}

export async function unsubscribe(db: Queryable, email: string): Promise<void> {
  await db.query("update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where email = $1 and status = 'subscribed'", [email.toLowerCase()]);
}

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_HOURS = 72;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use confirmation secret for `email` (its hash is stored; the secret goes in the link). */
export async function createConfirmation(db: Queryable, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(`insert into newsletter_confirmations (token_hash, email, expires_at) values ($1, $2, now() + make_interval(hours => $3))`, [
    hashOf(token),
    email.toLowerCase(),
    CONFIRMATION_TTL_HOURS,
  ]);
  return token;
}

/** Uses a confirmation secret: the address it confirms, or undefined when unknown, used or expired. */
export async function useConfirmation(db: Queryable, token: string): Promise<string | undefined> {
  const rows = await db.query<{ email: string }>(
    'update newsletter_confirmations set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning email',
    [hashOf(token)],
  );
  return rows[0]?.email;
}
