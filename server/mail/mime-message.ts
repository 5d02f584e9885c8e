import { randomUUID } from 'node:crypto';

/** One outgoing mail as the shop composes it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Where replies go (the shopper who filled in a form); the From address is always the shop's. */
  replyTo?: string | undefined;
}

/** Header values can never carry a line break (no header injection through a subject). */
function headerText(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** RFC 2047 encoded-word for non-ASCII subjects. */
function encodeHeader(value: string): string {
  const clean = headerText(value);
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/** Bodies go base64 encoded, wrapped at 76 columns: safe for any relay, whatever the text holds. */
function base64Body(text: string): string {
  return (Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

function part(contentType: string, body: string): string {
  return [`Content-Type: ${contentType}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Body(body)].join('\r\n');
}

/** The full RFC 5322 message: plain text, or multipart/alternative when there is an HTML version. */
export function buildMimeMessage(from: string, message: MailMessage, now = new Date()): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const headers = [
    `From: ${headerText(from)}`,
    `To: ${headerText(message.to)}`,
    ...(message.replyTo ? [`Reply-To: ${headerText(message.replyTo)}`] : []),
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
  ];
  if (!message.html) return [...headers, part('text/plain', message.text)].join('\r\n');
  const boundary = `=_${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', message.text),
    `--${boundary}`,
    part('text/html', message.html),
    `--${boundary}--`,
  ].join('\r\n');
}

/** The bare address inside `Name <address>`. */
export function bareAddress(address: string): string {
  return (/<([^>]+)>/.exec(address)?.[1] ?? address).trim();
}
