/** Megabytes with one decimal: backups are megabytes to gigabytes. */
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface ByteProgress {
  add(bytes: number): void;
  /** The last figure, always shown, and the bytes and milliseconds it took. */
  end(): { bytes: number; ms: number };
}

/**
 * Bytes done so far, on stderr so that stdout keeps only the result: on a terminal one line rewritten
 * ten times a second, elsewhere (cron mail, a log) a line every five seconds, not a line per chunk.
 */
export function byteProgress(label: string, total?: number, stream: NodeJS.WriteStream = process.stderr): ByteProgress {
  const started = performance.now();
  const every = stream.isTTY ? 100 : 5000;
  let shownAt = started;
  let done = 0;
  const line = () => `${label}: ${megabytes(done)}${total ? ` of ${megabytes(total)} (${Math.floor((done * 100) / total)}%)` : ''}`;
  const show = (last: boolean) => (stream.isTTY ? stream.write(`\r${line()}${last ? '\n' : ''}`) : stream.write(`${line()}\n`));
  return {
    add(bytes) {
      done += bytes;
      const now = performance.now();
      if (now - shownAt < every) return;
      shownAt = now;
      show(false);
    },
    end() {
      show(true);
      return { bytes: done, ms: Math.round(performance.now() - started) };
    },
  };
}
