/** One Server-Sent Events message. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Incremental parser for a text/event-stream body (the WHATWG rules that matter here: `event:`,
 * multi-line `data:`, `retry:`, comments, CR/LF/CRLF line ends). Feed it chunks as they arrive.
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry: (ms: number) => void = () => undefined) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(raw: string): void {
    if (raw === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (raw.startsWith(':')) return;
    const colon = raw.indexOf(':');
    const field = colon < 0 ? raw : raw.slice(0, colon);
    let value = colon < 0 ? '' : raw.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  }

  return (chunk: string): void => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      // A lone CR at the end may be the first half of a CRLF; wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) return;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}
