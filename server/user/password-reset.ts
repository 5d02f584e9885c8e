import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { randomToken, tokenDigest } from '../auth/opaque-token';
import type { MailMessage } from '../mail/send-mail';

/** Reset links work once and for one hour; asking again cancels the earlier link. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export async function issueResetToken(tx: Queryable, customerId: number): Promise<string> {
  await tx.query('update password_reset_tokens set used_at = now() where customer_id = $1 and used_at is null', [customerId]);
  const token = randomToken();
  await tx.query(
    'insert into password_reset_tokens (token_hash, customer_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))',
    [tokenDigest(token), customerId, RESET_TOKEN_TTL_SECONDS],
  );
  return token;
}

/** Whether the token is this e-mail's, unused and unexpired, without using it up. */
export async function resetTokenIsLive(db: Queryable, email: string, token: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from password_reset_tokens
     where token_hash = $1 and used_at is null and expires_at > now()
       and customer_id = (select id from customers where email = $2)`,
    [tokenDigest(token), email.toLowerCase()],
  );
  return rows.length > 0;
}

/**
 * Marks the token used and returns its customer, only when it is this e-mail's, unused and
 * unexpired. One conditional update: two requests with the same link cannot both succeed.
 */
export async function consumeResetToken(tx: Queryable, email: string, token: string): Promise<number | undefined> {
  const rows = await tx.query<{ customer_id: number }>(
    `update password_reset_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now()
       and customer_id = (select id from customers where email = $2)
     returning customer_id`,
    [tokenDigest(token), email.toLowerCase()],
  );
  const id = rows[0]?.customer_id;
  return id === undefined ? undefined : Number(id);
}

export function resetPasswordMail(config: Pick<Config, 'publicUrl'>, to: string, firstname: string, token: string): MailMessage {
  const link = `${config.publicUrl}/create-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your password',
    text: [
      `Hello ${firstname},`,
      '',
      'Someone (hopefully you) asked to reset the password of your account. Open this link within one hour to choose a new one:',
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}
