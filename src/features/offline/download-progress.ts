/** The catalogue download as the shopper sees it: "n of N products", a percentage and the storage used. */
import { formatCount } from '../../ui/format-count';

export interface DownloadProgress {
  saved: number;
  total: number;
  percent: number;
  done: boolean;
}

/**
 * `saved` products on the device of `total` the replica holds once caught up (null while the shop
 * has not said), and whether the download has caught up with the shop. Both count on one basis
 * (readShopProducts), so the count goes 0 to N of N; only a product added while the download runs
 * can take the count past the total, and the total then follows it (never less than what is saved).
 * Only catching up means done: until then the bar stops at 99 %.
 */
export function downloadProgress(saved: number, total: number | null, caughtUp = false): DownloadProgress {
  const done = caughtUp && saved > 0;
  const all = done ? saved : Math.max(total ?? 0, saved);
  const percent = done ? 100 : all === 0 ? 0 : Math.min(99, Math.floor((saved / all) * 100));
  return { saved, total: all, percent, done };
}

/**
 * Bytes the device stores per product downloaded (IndexedDB's share of navigator.storage.estimate()
 * after a full download): 30.5 MB for 10,000 products; 6.4 MB for the 1,972 products of the test
 * catalogue, about 3,260 each with the categories' and pages' fixed share (the browser spec
 * e2e/offline-download-ask.spec.ts prints it). The question before a download on a metered connection
 * multiplies it by the products the replica will hold.
 */
export const STORED_BYTES_PER_PRODUCT = 3_050;

/** The download's size for the question, in whole megabytes ("about 6 MB"), never "about 0 MB". */
export function downloadEstimateMb(products: number): number {
  return Math.max(1, Math.round((products * STORED_BYTES_PER_PRODUCT) / 1_000_000));
}

const UNITS = ['bytes', 'kB', 'MB', 'GB'] as const;

/** Bytes for people: "850 kB", "12.4 MB" (one decimal from MB up). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit >= 2 && value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** The counts of "n of N products" as the shopper's language writes them ("986 of 1,972"), for the panel and the header alike. */
export const progressCounts = (progress: Pick<DownloadProgress, 'saved' | 'total'>, language: string) => ({
  saved: formatCount(progress.saved, language),
  total: formatCount(progress.total, language),
});
