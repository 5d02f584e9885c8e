/**
 * Under the table: for each missed target, where the time or bytes go, from what this run recorded
 * (a CPU profile of the server under the search load, per-query costs, file sizes, Lighthouse audits).
 */
import { formatSummary, type ProfileSummary } from './cpu-profile-summary';
import { meetsTarget, type Figure } from './figure';
import type { LostPoints } from './lighthouse-audit';
import type { QueryCost } from './query-breakdown';

const missed = (figures: readonly Figure[], item: string) => figures.some((f) => f.item === item && meetsTarget(f) === false);

export function printFindings(figures: readonly Figure[], record: Record<string, unknown>): void {
  const out: string[] = [];
  const profile = record.searchProfile as (ProfileSummary & { file: string }) | undefined;
  if (missed(figures, '4 server search') && profile) {
    out.push(`\n4 server search missed: CPU profile of the server during the load (${profile.file})`, formatSummary(profile));
    const costs = record.queryBreakdown as QueryCost[] | undefined;
    if (costs) {
      out.push('each query alone, one connection (median ms, uncompressed response kB, hits):');
      for (const c of costs) out.push(`  ${String(c.medianMs).padStart(7)} ms ${String(c.responseKb).padStart(6)} kB ${String(c.total).padStart(6)}  ${c.kind.padEnd(6)} ${c.query}`);
    }
  }
  const visit = record.firstVisit as { files: { file: string; gzipKb: number }[]; replication: { profile: ProfileSummary; feedSeconds: number; feedInFlightSeconds: number; profileFile?: string } } | undefined;
  if (missed(figures, '1 catalogue download') && visit) {
    const r = visit.replication;
    out.push(
      `\n1 catalogue download missed: feed requests were in flight ${r.feedInFlightSeconds} s of the ${r.feedSeconds} s from the first to the last; the page's CPU profile meanwhile${r.profileFile ? ` (${r.profileFile})` : ''}`,
      formatSummary(r.profile),
    );
  }
  if (missed(figures, '6 first visit') && visit) {
    out.push('\n6 first visit missed: JavaScript and CSS of the home page, gzip kB, largest first');
    for (const f of visit.files) out.push(`  ${String(f.gzipKb).padStart(7)} kB  ${f.file}`);
  }
  const lost = record.lighthouseLostPoints as LostPoints[] | undefined;
  if (missed(figures, '7 Lighthouse') && lost?.length) {
    out.push('\n7 Lighthouse missed: audits under 0.9 (first run of each page), heaviest first');
    for (const l of lost) {
      out.push(`  ${l.page.padEnd(8)} ${l.category.padEnd(14)} w${String(l.weight).padEnd(3)} ${l.score.toFixed(2)}  ${l.audit}${l.value ? ` (${l.value})` : ''}`);
      for (const where of l.where ?? []) out.push(`      ${where}`);
    }
  }
  if (out.length) console.log(out.join('\n'));
}
