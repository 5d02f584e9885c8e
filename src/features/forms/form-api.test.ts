import { afterEach, describe, expect, it, vi } from 'vitest';
import { postForm, sendForm } from './form-api';

const reply = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('sendForm', () => {
  it('posts the values as JSON to /api/ext/forms/{kind} and returns the receipt', async () => {
    const fetchMock = reply(200, { code: 200, result: { id: 7, kind: 'contact', created_at: '2026-01-01T00:00:00.000Z' } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendForm('contact', { firstName: 'Ann' })).resolves.toEqual({ id: 7, kind: 'contact', created_at: '2026-01-01T00:00:00.000Z' });
    expect(fetchMock).toHaveBeenCalledWith('/api/ext/forms/contact', expect.objectContaining({ method: 'POST', body: '{"firstName":"Ann"}' }));
  });

  it("throws the server's own message on a refusal", async () => {
    vi.stubGlobal('fetch', reply(400, { code: 400, result: 'emailAddress: Please provide valid e-mail address.' }));
    await expect(sendForm('trade-account', {})).rejects.toThrow('emailAddress: Please provide valid e-mail address.');
  });

  it('names a non-JSON reply and a network failure with the SPEC §8 wording', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 502 })));
    await expect(sendForm('contact', {})).rejects.toThrow('Error with response - bad content-type!');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(sendForm('contact', {})).rejects.toThrow('Check your Network conection.');
  });

  it('gives up on a request left hanging and says to check the connection, instead of sending for ever', async () => {
    const hanging = vi.fn((_: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    vi.stubGlobal('fetch', hanging);
    await expect(postForm('/api/ext/newsletter', { email: 'a@example.com' }, 50)).rejects.toThrow('Check your Network conection.');
    expect(hanging.mock.calls[0]![1]!.signal!.aborted).toBe(true);
  });
});
