import { describe, expect, it } from 'vitest';
import { downloadProgress, formatBytes } from './download-progress';

describe('catalogue download progress', () => {
  it('counts n of N with a whole percentage, done only once caught up', () => {
    expect(downloadProgress(0, 1200)).toEqual({ saved: 0, total: 1200, percent: 0, done: false });
    expect(downloadProgress(500, 1200)).toEqual({ saved: 500, total: 1200, percent: 41, done: false });
    expect(downloadProgress(1199, 1200).percent).toBe(99);
    expect(downloadProgress(1200, 1200)).toEqual({ saved: 1200, total: 1200, percent: 99, done: false });
    expect(downloadProgress(1200, 1200, true)).toEqual({ saved: 1200, total: 1200, percent: 100, done: true });
  });

  it('never shows fewer than saved, and the saved count is the total once caught up', () => {
    expect(downloadProgress(300, null)).toEqual({ saved: 300, total: 300, percent: 99, done: false });
    expect(downloadProgress(0, null)).toEqual({ saved: 0, total: 0, percent: 0, done: false });
    expect(downloadProgress(1300, 1200)).toEqual({ saved: 1300, total: 1300, percent: 99, done: false });
    expect(downloadProgress(1972, 1945, true)).toEqual({ saved: 1972, total: 1972, percent: 100, done: true });
  });

  it('an empty shop is not a finished download', () => {
    expect(downloadProgress(0, 0, true).done).toBe(false);
  });
});

describe('storage figures', () => {
  it('reads as bytes, kB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(850_000)).toBe('850 kB');
    expect(formatBytes(12_400_000)).toBe('12.4 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });
});
