import { describe, expect, it } from 'vitest';
import { bareAddress, buildMimeMessage } from './mime-message';

describe('buildMimeMessage', () => {
  it('keeps line breaks out of headers so a subject cannot add a header', () => {
    const message = buildMimeMessage('Shop <shop@x.example>', { to: 'a@b.example', subject: 'Hello\r\nBcc: victim@evil.example', text: 'x' });
    expect(message).not.toMatch(/^Bcc:/m);
    expect(message).toContain('Subject: Hello Bcc: victim@evil.example\r\n');
  });

  it('encodes non-ASCII subjects and carries Reply-To', () => {
    const message = buildMimeMessage('Shop <shop@x.example>', { to: 'a@b.example', subject: 'Angebot für Dübel', text: 'x', replyTo: 'c@d.example' });
    expect(message).toContain(`Subject: =?UTF-8?B?${Buffer.from('Angebot für Dübel').toString('base64')}?=`);
    expect(message).toContain('Reply-To: c@d.example\r\n');
    expect(message).toContain('Message-ID: <');
    expect(message).toMatch(/@x\.example>\r\n/);
  });

  it('sends text and HTML as multipart/alternative', () => {
    const message = buildMimeMessage('shop@x.example', { to: 'a@b.example', subject: 's', text: 'plain', html: '<p>rich</p>' });
    const boundary = /boundary="([^"]+)"/.exec(message)?.[1];
    expect(boundary).toBeTruthy();
    expect(message.split(`--${boundary}`)).toHaveLength(4);
    expect(message).toContain('Content-Type: text/html; charset=utf-8');
  });

  it('finds the bare address in a display name', () => {
    expect(bareAddress('Fixings Direct <shop@fixings.example>')).toBe('shop@fixings.example');
    expect(bareAddress('shop@fixings.example')).toBe('shop@fixings.example');
  });
});
