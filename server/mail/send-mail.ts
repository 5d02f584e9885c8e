import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { currentRequestId, isRequestId } from '../ops/request-id';

/** One outgoing mail as the shop composes it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Where replies go (the shopper who filled in a form); the From address is always the shop's. */
  replyTo?: string | undefined;
  /** The request that caused the mail, sent as X-Request-Id; queueMail takes the current request's. */
  requestId?: string | undefined;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom'>;

/** Delivery runs in the request after its commit: a relay that stops answering gives up after this long. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Transport options from `SMTP_URL`, read by nodemailer: `smtp://` (STARTTLS whenever the relay
 * offers it) or `smtps://` (TLS from the start, port 465), `user:password@` percent-encoded, and
 * nodemailer's URL options such as `?requireTLS=true`. Each mail goes on its own connection.
 */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const { protocol } = new URL(smtpUrl);
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${protocol}`);
  return { ...parseConnectionUrl(smtpUrl), connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS };
}

/**
 * One plain address. An outbox row is one mail to one person: a list, or a line break that would
 * start a header of its own, must not reach nodemailer, which would read both as more recipients.
 */
function singleAddress(value: string, field: string): string {
  const found = /[\r\n]/.test(value) ? [] : addressparser(value, { flatten: true });
  if (found.length !== 1 || !found[0]?.address) throw new Error(`${field}: must be one email address, got ${JSON.stringify(value.slice(0, 200))}`);
  return value.trim();
}

/**
 * The mail as nodemailer composes it: plain text, or multipart/alternative with the HTML; it encodes
 * non-ASCII headers, folds line breaks in the subject into spaces, and wraps long body lines.
 */
export function mailOptions(from: string, message: MailMessage): Mail.Options {
  return {
    from,
    to: singleAddress(message.to, 'to'),
    ...(message.replyTo ? { replyTo: singleAddress(message.replyTo, 'replyTo') } : {}),
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    // Only an id that cannot carry a line break into the header (it is read back from the outbox).
    ...(isRequestId(message.requestId) ? { headers: { 'X-Request-Id': message.requestId } } : {}),
  };
}

/** Hands one mail to the relay at `smtpUrl`; rejects with the relay's reply when it refuses. */
export async function sendOverSmtp(smtpUrl: string, from: string, message: MailMessage): Promise<void> {
  await nodemailer.createTransport(smtpTransportOptions(smtpUrl)).sendMail(mailOptions(from, message));
}

/**
 * Writes the mail to `mail_outbox`. Call it inside the transaction that makes the mail true (a
 * reset token, a newsletter subscription), so a rolled-back request never leaves a mail behind;
 * deliver it after the commit.
 */
export async function queueMail(db: Queryable, message: MailMessage): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'insert into mail_outbox (to_address, reply_to, subject, text, html, request_id) values ($1, $2, $3, $4, $5, $6) returning id',
    [message.to, message.replyTo ?? null, message.subject, message.text, message.html ?? null, message.requestId ?? currentRequestId() ?? null],
  );
  return Number(rows[0]?.id);
}

/**
 * Sends a queued mail through SMTP when `SMTP_URL` is set, recording `sent_at` or the error.
 * Never throws: a relay outage must not fail the shopper's request (the row keeps the mail).
 */
export async function deliverQueuedMail(db: Queryable, config: MailConfig, id: number, log?: { warn: (obj: object, msg: string) => void }): Promise<boolean> {
  if (!config.smtpUrl) return false;
  const rows = await db.query<{ to_address: string; reply_to: string | null; subject: string; text: string; html: string | null; request_id: string | null }>(
    'select to_address, reply_to, subject, text, html, request_id from mail_outbox where id = $1 and sent_at is null',
    [id],
  );
  const row = rows[0];
  if (!row) return false;
  const message: MailMessage = { to: row.to_address, replyTo: row.reply_to ?? undefined, subject: row.subject, text: row.text, html: row.html ?? undefined, requestId: row.request_id ?? undefined };
  try {
    await sendOverSmtp(config.smtpUrl, config.mailFrom, message);
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
