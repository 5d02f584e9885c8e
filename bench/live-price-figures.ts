/**
 * The live-prices bench's table lines: per tab and for both tabs (the later of the two for each
 * change), the time from the import's reply to the new price in the DOM, the changes that never
 * arrived, and beside them what the figures depend on (the machine's load, the clocks, the tabs' state).
 */
import type { Figure } from './figure';
import type { Change, Tab } from './live-prices';
import { median, percentile, round } from './stats';

const ITEM = '29 live prices';
/** A change not shown this long after the import's reply counts as never arrived. */
export const LIMIT_MS = 10_000;
const TARGET = { kind: 'max', value: 1000 } as const;

export interface Measured {
  tabs: Tab[];
  runs: Change[];
  warmUp: Change;
  products: number;
  loadBefore: number[];
  loadAfter: number[];
  skew: number[];
  visible: string[];
  /** What each tab showed last: when changes never arrive, whether the page moved at all. */
  lastShown: (string | undefined)[];
}

const spread = (values: number[]) => (values.length ? `p50 ${round(median(values), 0)} ms, p95 ${round(percentile(values, 95), 0)} ms, max ${round(Math.max(...values), 0)} ms` : 'none arrived');

export function livePriceFigures(m: Measured): Figure[] {
  const n = m.runs.length;
  const load = (l: number[]) => l.map((x) => round(x, 2)).join(' ');
  const arrived = (i: number) => m.runs.map((r) => r.shownMs[i]).filter((ms): ms is number => ms !== null);
  const both = m.runs.filter((r) => r.shownMs.every((ms) => ms !== null)).map((r) => Math.max(...(r.shownMs as number[])));
  const imports = m.runs.map((r) => r.repliedAt - r.sentAt);
  const where = [...new Set(m.tabs.map((t) => t.catalogueIn ?? 'unknown'))].join('/');
  const hidden = m.visible.some((v) => v !== 'visible') ? `; visibility ${m.visible.join(', ')}` : '';
  const figures: Figure[] = m.tabs.map((tab, i) => {
    const values = arrived(i);
    return {
      item: ITEM,
      name: `tab ${i + 1} (${tab.kind} page): import reply to new price in its DOM, p95`,
      value: values.length ? round(percentile(values, 95), 0) : null,
      unit: 'ms',
      samples: values.map((v) => round(v, 0)),
      note: `${spread(values)}; ${n - values.length} of ${n} not shown within ${LIMIT_MS / 1000} s`,
    };
  });
  const context = `${n} changes one at a time, ${m.products.toLocaleString('en-GB')} products, 2 tabs of one context (catalogue in ${where}${hidden}); load average ${load(m.loadBefore)} before, ${load(m.loadAfter)} after`;
  figures.push(
    { item: ITEM, name: 'import reply to new price in both tabs, p50', value: both.length ? round(median(both), 0) : null, unit: 'ms' },
    {
      item: ITEM, name: 'import reply to new price in both tabs, p95', value: both.length ? round(percentile(both, 95), 0) : null, unit: 'ms', target: TARGET, samples: both.map((v) => round(v, 0)),
      note: `${context}; the later tab of each change`,
    },
    {
      item: ITEM, name: 'import reply to new price in both tabs, max', value: both.length ? round(Math.max(...both), 0) : null, unit: 'ms',
      note: `warm-up change before them (not counted): ${m.warmUp.shownMs.map((ms) => (ms === null ? 'never' : `${round(ms, 0)} ms`)).join(' / ')}; the import request itself p50 ${round(median(imports), 0)} ms, max ${round(Math.max(...imports), 0)} ms; page clock against Date.now() within ${round(Math.max(...m.skew.map(Math.abs)), 1)} ms`,
    },
    {
      item: ITEM, name: `changes not in both tabs within ${LIMIT_MS / 1000} s`, value: n - both.length, unit: `of ${n}`,
      note: m.tabs.map((_, i) => `tab ${i + 1}: ${n - arrived(i).length}${arrived(i).length < n ? ` (its last price shown: ${m.lastShown[i] ?? 'none'})` : ''}`).join(', '),
    },
  );
  return figures;
}
