import MailComposer from 'nodemailer/lib/mail-composer';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpRelay, type SmtpRelay } from '../../tests/helpers/smtp-relay';
import { mailOptions, sendOverSmtp, smtpTransportOptions, type MailMessage } from './send-mail';

const FROM = 'Fixings Direct <shop@fixings.example>';

/** The message exactly as nodemailer writes it for these options. */
async function compose(message: MailMessage, from = FROM): Promise<string> {
  return (await new MailComposer(mailOptions(from, message)).compile().build()).toString('utf8');
}

/** One header's value, unfolded, with its RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  const joined = line.slice(name.length + 1).trim().replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The body of a single-part message, transfer encoding undone (without the line end closing the message). */
function body(raw: string): string {
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
  const encoding = header(raw, 'Content-Transfer-Encoding');
  if (encoding === 'base64') return Buffer.from(text.replace(/\r\n/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return text;
}

describe('mailOptions, composed by nodemailer', () => {
  it('keeps line breaks out of headers, so a subject cannot add a header', async () => {
    const raw = await compose({ to: 'a@b.example', subject: 'Hello\r\nBcc: victim@evil.example', text: 'x' });
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(header(raw, 'Subject')).toBe('Hello Bcc: victim@evil.example');
  });

  it('carries the request id as X-Request-Id, and leaves out one that could break the header', async () => {
    expect(header(await compose({ to: 'a@b.example', subject: 's', text: 'x', requestId: 'req-42.a:b' }), 'X-Request-Id')).toBe('req-42.a:b');
    expect(header(await compose({ to: 'a@b.example', subject: 's', text: 'x' }), 'X-Request-Id')).toBeUndefined();
    const raw = await compose({ to: 'a@b.example', subject: 's', text: 'x', requestId: 'id\r\nBcc: victim@evil.example' });
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(header(raw, 'X-Request-Id')).toBeUndefined();
  });

  it('refuses a recipient or Reply-To that is not one address', async () => {
    expect(() => mailOptions(FROM, { to: 'a@b.example\r\nBcc: victim@evil.example', subject: 's', text: 'x' })).toThrow(/^to: must be one email address/);
    expect(() => mailOptions(FROM, { to: 'a@b.example, victim@evil.example', subject: 's', text: 'x' })).toThrow(/^to: must be one email address/);
    expect(() => mailOptions(FROM, { to: 'a@b.example', replyTo: 'c@d.example\nBcc: v@e.example', subject: 's', text: 'x' })).toThrow(/^replyTo:/);
    expect(() => mailOptions(FROM, { to: '', subject: 's', text: 'x' })).toThrow(/^to:/);
  });

  it('encodes non-ASCII subjects and carries From, To, Reply-To, Date and a Message-ID of the shop', async () => {
    const raw = await compose({ to: 'a@b.example', subject: 'Angebot für Dübel — 10 % Rabatt', text: 'x', replyTo: 'c@d.example' });
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(header(raw, 'Subject')).toBe('Angebot für Dübel — 10 % Rabatt');
    expect(header(raw, 'From')).toBe(FROM);
    expect(header(raw, 'To')).toBe('a@b.example');
    expect(header(raw, 'Reply-To')).toBe('c@d.example');
    expect(header(raw, 'Message-ID')).toMatch(/^<[^@\s]+@fixings\.example>$/);
    expect(Date.parse(header(raw, 'Date') ?? '')).not.toBeNaN();
  });

  it('wraps long lines and keeps the text exactly, non-ASCII included', async () => {
    const text = `${'Dübel '.repeat(400)}\r\nsecond line\r\n${'x'.repeat(3000)}`;
    const raw = await compose({ to: 'a@b.example', subject: 's', text });
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(body(raw)).toBe(text);
  });

  it('sends text and HTML as multipart/alternative', async () => {
    const raw = await compose({ to: 'a@b.example', subject: 's', text: 'plain', html: '<p>rich</p>' });
    const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
    expect(boundary).toBeTruthy();
    expect(raw.split(`--${boundary}`)).toHaveLength(4);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
  });
});

describe('SMTP_URL', () => {
  it('reads host, port, TLS and percent-encoded credentials', () => {
    expect(smtpTransportOptions('smtp://user%40x:p%40ss@mail.example:2525')).toMatchObject({ host: 'mail.example', port: 2525, secure: false, auth: { user: 'user@x', pass: 'p@ss' } });
    expect(smtpTransportOptions('smtps://mail.example')).toMatchObject({ host: 'mail.example', secure: true });
    expect(smtpTransportOptions('smtp://mail.example?requireTLS=true')).toMatchObject({ requireTLS: true });
  });

  it('refuses URLs that are not smtp:// or smtps://', () => {
    expect(() => smtpTransportOptions('http://127.0.0.1:25')).toThrow(/smtp:\/\//);
  });
});

describe('sendOverSmtp', () => {
  let relay: SmtpRelay | undefined;
  afterEach(async () => {
    await relay?.close();
    relay = undefined;
  });

  it('logs in with the URL credentials and hands over the envelope and the message, dot lines intact', async () => {
    relay = await startSmtpRelay({ auth: true });
    await sendOverSmtp(relay.url('user%40x:p%40ss'), FROM, { to: 'ann@example.com', subject: 'Hi', text: 'line one\n.hidden dot line\n.' });
    expect(relay.logins).toEqual([{ user: 'user@x', pass: 'p@ss' }]);
    expect(relay.messages).toHaveLength(1);
    const [message] = relay.messages;
    expect(message).toMatchObject({ from: 'shop@fixings.example', to: ['ann@example.com'], encrypted: false });
    expect(header(message!.data, 'Subject')).toBe('Hi');
    expect(body(message!.data).split('\r\n').slice(0, 3)).toEqual(['line one', '.hidden dot line', '.']);
  });

  it('switches to TLS when the relay offers STARTTLS, before anything is sent', async () => {
    relay = await startSmtpRelay({ startTls: true, auth: true });
    // The test relay's certificate is self-signed; a real relay's is checked.
    await sendOverSmtp(relay.url('user:secret', 'tls.rejectUnauthorized=false'), FROM, { to: 'ann@example.com', subject: 'Hi', text: 'x' });
    expect(relay.messages).toMatchObject([{ to: ['ann@example.com'], encrypted: true, user: 'user' }]);
    const startTls = relay.commands.indexOf('STARTTLS');
    expect(startTls).toBeGreaterThan(0);
    expect(relay.commands.slice(0, startTls).some((c) => /^(AUTH|MAIL|RCPT)/.test(c))).toBe(false);
  });

  it('does not send over a relay whose certificate it cannot trust', async () => {
    relay = await startSmtpRelay({ startTls: true });
    await expect(sendOverSmtp(relay.url(), FROM, { to: 'ann@example.com', subject: 'Hi', text: 'x' })).rejects.toThrow(/certificate/i);
    expect(relay.messages).toHaveLength(0);
    expect(relay.commands.some((c) => c.startsWith('MAIL'))).toBe(false);
  });

  it('rejects with the relay reply when a recipient is refused', async () => {
    relay = await startSmtpRelay({ refuseRecipient: () => '550 5.1.1 no such user' });
    await expect(sendOverSmtp(relay.url(), FROM, { to: 'nobody@example.com', subject: 'x', text: 'hi' })).rejects.toThrow(/550 5\.1\.1 no such user/);
    expect(relay.commands).not.toContain('DATA');
  });

  it('rejects when nothing listens', async () => {
    const closed = await startSmtpRelay();
    const url = closed.url();
    await closed.close();
    await expect(sendOverSmtp(url, FROM, { to: 'c@d.example', subject: 'x', text: 'x' })).rejects.toThrow();
  });
});
