import net from 'node:net';
import tls from 'node:tls';
import { generate } from 'selfsigned';

/**
 * A small SMTP relay for tests: EHLO, optional STARTTLS and AUTH PLAIN, MAIL FROM, RCPT TO, DATA,
 * QUIT. It records every command line and every message with the envelope it came with and whether
 * the connection was encrypted by then, and can refuse recipients.
 */
export interface RelayMessage {
  from: string;
  to: string[];
  /** The message as received, dot-stuffing undone, CRLF line ends. */
  data: string;
  /** Whether the message came over a connection upgraded with STARTTLS. */
  encrypted: boolean;
  /** The user of AUTH PLAIN, when the client logged in. */
  user?: string;
}

export interface RelayOptions {
  /** Offer STARTTLS (with a self-signed localhost certificate made when the tests start: `relayTlsIdentity`). */
  startTls?: boolean;
  /** Offer AUTH PLAIN and accept any credentials, recording them in `logins`. */
  auth?: boolean;
  /** The reply to every RCPT TO while it returns a string, e.g. "550 mailbox unavailable". */
  refuseRecipient?: () => string | undefined;
}

export interface SmtpRelay {
  port: number;
  /** `smtp://[auth@]127.0.0.1:port[?query]` */
  url: (auth?: string, query?: string) => string;
  commands: string[];
  messages: RelayMessage[];
  logins: { user: string; pass: string }[];
  close: () => Promise<void>;
}

interface TlsIdentity {
  key: string;
  cert: string;
}

let identity: Promise<TlsIdentity> | undefined;

/**
 * The relay's STARTTLS key and certificate (self-signed, for localhost and 127.0.0.1), made afresh
 * once per test process and kept only in memory: no private key lives in the repository.
 */
export function relayTlsIdentity(): Promise<TlsIdentity> {
  identity ??= generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 86_400_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return identity;
}

export async function startSmtpRelay(options: RelayOptions = {}): Promise<SmtpRelay> {
  // Made before the relay listens: STARTTLS is answered synchronously, mid-conversation.
  const tlsIdentity = options.startTls ? await relayTlsIdentity() : undefined;
  const commands: string[] = [];
  const messages: RelayMessage[] = [];
  const logins: { user: string; pass: string }[] = [];
  const sockets = new Set<net.Socket>();

  const converse = (socket: net.Socket, encrypted: boolean) => {
    let buffer = '';
    let data: string | undefined;
    let from = '';
    let to: string[] = [];
    let user: string | undefined;
    const reply = (text: string) => socket.write(`${text}\r\n`);
    const onLine = (line: string): boolean => {
      if (data !== undefined) {
        if (line === '.') {
          messages.push({ from, to, data, encrypted, ...(user === undefined ? {} : { user }) });
          data = undefined;
          to = [];
          reply('250 2.0.0 queued');
        } else data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
        return true;
      }
      commands.push(line);
      const verb = line.split(' ')[0]!.toUpperCase();
      if (verb === 'EHLO') {
        const extensions = [...(options.startTls && !encrypted ? ['STARTTLS'] : []), ...(options.auth ? ['AUTH PLAIN'] : []), '8BITMIME'];
        socket.write(['relay.test', ...extensions].map((e, i, all) => `250${i === all.length - 1 ? ' ' : '-'}${e}\r\n`).join(''));
      } else if (verb === 'STARTTLS' && tlsIdentity && !encrypted) {
        reply('220 2.0.0 ready to start TLS');
        const secure = new tls.TLSSocket(socket, { isServer: true, ...tlsIdentity });
        sockets.add(secure);
        converse(secure, true);
        return false;
      } else if (verb === 'AUTH' && options.auth) {
        const [, login = '', pass = ''] = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8').split('\0');
        user = login;
        logins.push({ user: login, pass });
        reply('235 2.7.0 authenticated');
      } else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 2.1.0 ok');
      } else if (verb === 'RCPT') {
        const refusal = options.refuseRecipient?.();
        if (refusal) reply(refusal);
        else {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        }
      } else if (verb === 'DATA') {
        data = '';
        reply('354 go ahead');
      } else if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
      else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
      else reply('502 5.5.2 not implemented');
      return true;
    };
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!onLine(line)) {
          socket.off('data', onData);
          return;
        }
      }
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.write('220 relay.test ESMTP\r\n');
    converse(socket, false);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        port,
        url: (auth, query) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}${query ? `?${query}` : ''}`,
        commands,
        messages,
        logins,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
