import net from 'node:net';
import tls from 'node:tls';
import os from 'node:os';

/**
 * A deliberately small SMTP client (RFC 5321): EHLO, optional AUTH PLAIN, MAIL FROM, RCPT TO,
 * DATA, QUIT. `smtp://user:pass@host:port` talks plain TCP (a local relay or a test server);
 * `smtps://` wraps the connection in TLS from the start (port 465). No STARTTLS, no pooling:
 * the shop sends a handful of mails, each on its own connection.
 */
export interface SmtpEnvelope {
  from: string;
  to: string;
  /** The complete message with headers, CRLF line ends. */
  data: string;
}

const TIMEOUT_MS = 15_000;

export async function sendSmtp(smtpUrl: string, envelope: SmtpEnvelope): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}`);
  const host = url.hostname;
  const port = Number(url.port || (secure ? 465 : 25));
  const socket = secure ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
  const session = new SmtpSession(socket);
  try {
    await session.expect(220);
    await session.command(`EHLO ${os.hostname() || 'localhost'}`, 250);
    if (url.username) {
      const plain = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      await session.command(`AUTH PLAIN ${plain}`, 235);
    }
    await session.command(`MAIL FROM:<${envelope.from}>`, 250);
    await session.command(`RCPT TO:<${envelope.to}>`, 250, 251);
    await session.command('DATA', 354);
    // Dot-stuffing: a line starting with "." gets a second one, so it cannot end the data early.
    await session.command(`${`\r\n${envelope.data}`.replace(/\r\n\./g, '\r\n..').slice(2)}\r\n.`, 250);
    await session.command('QUIT', 221).catch(() => undefined);
  } finally {
    socket.destroy();
  }
}

/** Reads whole replies (multi-line ones end with "NNN " instead of "NNN-"). */
class SmtpSession {
  private buffer = '';
  private waiting: ((line: string | Error) => void) | undefined;
  private lines: string[] = [];
  private failure: Error | undefined;

  constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.setTimeout(TIMEOUT_MS, () => this.fail(new Error('SMTP server did not answer in time')));
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\r\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
      }
      this.deliver();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('SMTP connection closed')));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.deliver();
  }

  private deliver(): void {
    const resolve = this.waiting;
    if (!resolve) return;
    const line = this.lines.shift();
    if (line !== undefined) {
      this.waiting = undefined;
      resolve(line);
    } else if (this.failure) {
      this.waiting = undefined;
      resolve(this.failure);
    }
  }

  private nextLine(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting = (line) => (line instanceof Error ? reject(line) : resolve(line));
      this.deliver();
    });
  }

  async expect(...codes: number[]): Promise<string> {
    let line = await this.nextLine();
    const reply = [line];
    while (/^\d{3}-/.test(line)) reply.push((line = await this.nextLine()));
    const code = Number(line.slice(0, 3));
    if (!codes.includes(code)) throw new Error(`SMTP server replied ${reply.join(' | ')}`);
    return reply.join('\n');
  }

  async command(text: string, ...codes: number[]): Promise<string> {
    this.socket.write(`${text}\r\n`);
    return this.expect(...codes);
  }
}
