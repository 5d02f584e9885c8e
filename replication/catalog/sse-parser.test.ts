import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

describe('createSseParser', () => {
  it('reads events split across chunks, multi-line data, comments and retry', () => {
    const messages: SseMessage[] = [];
    const retries: number[] = [];
    const feed = createSseParser((m) => messages.push(m), (ms) => retries.push(ms));
    feed('retry: 3000\nevent: ready\ndata: {"seq":4');
    feed('2}\n\n: keep-alive\n\nevent: change\r\ndata: a\r');
    feed('\ndata: b\r\n\r\ndata: plain\n\n');
    expect(retries).toEqual([3000]);
    expect(messages).toEqual([
      { event: 'ready', data: '{"seq":42}' },
      { event: 'change', data: 'a\nb' },
      { event: 'message', data: 'plain' },
    ]);
  });
});
