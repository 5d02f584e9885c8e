import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { bareAddress, buildMimeMessage, type MailMessage } from './mime-message';
import { sendSmtp } from './smtp-client';

export type { MailMessage };

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom'>;

/**
 * Writes the mail to `mail_outbox`. Call it inside the transaction that makes the mail true (a
 * reset token, a newsletter subscription), so a rolled-back request never leaves a mail behind;
 * deliver it after the commit.
 */
export async function queueMail(db: Queryable, message: MailMessage): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'insert into mail_outbox (to_address, reply_to, subject, text, html) values ($1, $2, $3, $4, $5) returning id',
    [message.to, message.replyTo ?? null, message.subject, message.text, message.html ?? null],
  );
  return Number(rows[0]?.id);
}

/**
 * Sends a queued mail through SMTP when `SMTP_URL` is set, recording `sent_at` or the error.
 * Never throws: a relay outage must not fail the shopper's request (the row keeps the mail).
 */
export async function deliverQueuedMail(db: Queryable, config: MailConfig, id: number, log?: { warn: (obj: object, msg: string) => void }): Promise<boolean> {
  if (!config.smtpUrl) return false;
  const rows = await db.query<{ to_address: string; reply_to: string | null; subject: string; text: string; html: string | null }>(
    'select to_address, reply_to, subject, text, html from mail_outbox where id = $1 and sent_at is null',
    [id],
  );
  const row = rows[0];
  if (!row) return false;
  const message: MailMessage = { to: row.to_address, replyTo: row.reply_to ?? undefined, subject: row.subject, text: row.text, html: row.html ?? undefined };
  try {
    await sendSmtp(config.smtpUrl, { from: bareAddress(config.mailFrom), to: row.to_address, data: buildMimeMessage(config.mailFrom, message) });
    await db.query('update mail_outbox set sent_at = now(), error = null where id = $1', [id]);
    return true;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await db.query('update mail_outbox set error = $2 where id = $1', [id, text.slice(0, 1000)]);
    log?.warn({ mailId: id, error: text }, 'mail delivery failed; it stays in mail_outbox');
    return false;
  }
}

/** Queue and deliver in one go, for mails that do not belong to a larger transaction. */
export async function sendMail(db: Queryable, config: MailConfig, message: MailMessage): Promise<number> {
  const id = await queueMail(db, message);
  await deliverQueuedMail(db, config, id);
  return id;
}
