import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMimeMessage } from './mime-message';
import { sendSmtp } from './smtp-client';

/** A fake SMTP server that records the conversation; `rcptReply` lets a test refuse a recipient. */
function fakeSmtpServer(options: { rcptReply?: string } = {}) {
  const commands: string[] = [];
  let data = '';
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line}\r\n`;
          continue;
        }
        commands.push(line);
        if (line.startsWith('EHLO')) socket.write('250-fake.test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (line.startsWith('AUTH PLAIN')) socket.write('235 2.7.0 ok\r\n');
        else if (line.startsWith('MAIL FROM')) socket.write('250 2.1.0 ok\r\n');
        else if (line.startsWith('RCPT TO')) socket.write(options.rcptReply ?? '250 2.1.5 ok\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('500 unknown\r\n');
      }
    });
  });
  return new Promise<{ url: (auth?: string) => string; commands: string[]; data: () => string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        url: (auth) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
        commands,
        data: () => data,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('sendSmtp', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('speaks EHLO, AUTH PLAIN, MAIL FROM, RCPT TO, DATA and QUIT, dot-stuffing the body', async () => {
    const server = await fakeSmtpServer();
    close = server.close;
    const data = buildMimeMessage('Shop <shop@fixings.example>', { to: 'ann@example.com', subject: 'Hi', text: 'line one\n.hidden dot line' });
    await sendSmtp(server.url('user%40x:p%40ss'), { from: 'shop@fixings.example', to: 'ann@example.com', data });
    expect(server.commands[0]).toMatch(/^EHLO /);
    expect(server.commands[1]).toBe(`AUTH PLAIN ${Buffer.from('\0user@x\0p@ss').toString('base64')}`);
    expect(server.commands.slice(2)).toEqual(['MAIL FROM:<shop@fixings.example>', 'RCPT TO:<ann@example.com>', 'DATA', 'QUIT']);
    expect(server.data()).toContain('Subject: Hi\r\n');
    expect(server.data()).toContain('To: ann@example.com\r\n');
    const body = server.data().split('\r\n\r\n')[1] ?? '';
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe('line one\r\n.hidden dot line');
  });

  it('rejects with the server reply when a recipient is refused', async () => {
    const server = await fakeSmtpServer({ rcptReply: '550 5.1.1 no such user\r\n' });
    close = server.close;
    await expect(sendSmtp(server.url(), { from: 'a@b.example', to: 'nobody@example.com', data: 'Subject: x\r\n\r\nhi' })).rejects.toThrow(/550 5\.1\.1 no such user/);
    expect(server.commands).not.toContain('DATA');
  });

  it('rejects when nothing listens', async () => {
    const server = await fakeSmtpServer();
    const url = server.url();
    await server.close();
    await expect(sendSmtp(url, { from: 'a@b.example', to: 'c@d.example', data: 'x' })).rejects.toThrow();
  });

  it('refuses URLs that are not smtp:// or smtps://', async () => {
    await expect(sendSmtp('http://127.0.0.1:25', { from: 'a@b.example', to: 'c@d.example', data: 'x' })).rejects.toThrow(/smtp:\/\//);
  });
});
