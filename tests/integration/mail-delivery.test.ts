import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** With SMTP_URL set, queued mail goes out through the relay and the outbox records it. */
let server: TestServer;
let relay: net.Server;
const received: Array<{ rcpt: string; data: string }> = [];
let refuse = false;

/** A minimal relay: accepts everything except when `refuse` is set, then it rejects recipients. */
function startRelay(): Promise<number> {
  relay = net.createServer((socket) => {
    let buffer = '';
    let data: string | undefined;
    let rcpt = '';
    socket.write('220 relay.test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push({ rcpt, data });
            data = undefined;
            socket.write('250 ok\r\n');
          } else data += `${line}\r\n`;
        } else if (line.startsWith('RCPT TO:')) {
          rcpt = line.slice(9, -1);
          socket.write(refuse ? '550 mailbox unavailable\r\n' : '250 ok\r\n');
        } else if (line === 'DATA') {
          data = '';
          socket.write('354 go\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => relay.listen(0, '127.0.0.1', () => resolve((relay.address() as net.AddressInfo).port)));
}

beforeAll(async () => {
  const port = await startRelay();
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server?.close();
  await new Promise((done) => relay?.close(done));
});

describe('mail delivery through SMTP', () => {
  it('delivers the newsletter confirmation mail and marks the outbox row sent', async () => {
    expect((await server.request('POST', '/api/ext/newsletter', { email: 'smtp.ok@example.com' })).status).toBe(200);
    const delivered = received.find((m) => m.rcpt === 'smtp.ok@example.com');
    expect(delivered?.data).toContain('To: smtp.ok@example.com\r\n');
    expect(delivered?.data).toContain(`From: ${server.ctx.config.mailFrom}\r\n`);
    const rows = await server.ctx.db.query<{ sent_at: Date | null; error: string | null }>('select sent_at, error from mail_outbox where to_address = $1', ['smtp.ok@example.com']);
    expect(rows[0]!.sent_at).not.toBeNull();
    expect(rows[0]!.error).toBeNull();
  });

  it('keeps a refused mail in the outbox with the error, and the request still succeeds', async () => {
    refuse = true;
    try {
      expect((await server.request('POST', '/api/ext/newsletter', { email: 'smtp.refused@example.com' })).status).toBe(200);
    } finally {
      refuse = false;
    }
    const rows = await server.ctx.db.query<{ sent_at: Date | null; error: string | null }>('select sent_at, error from mail_outbox where to_address = $1', ['smtp.refused@example.com']);
    expect(rows[0]!.sent_at).toBeNull();
    expect(rows[0]!.error).toContain('550 mailbox unavailable');
  });
});
