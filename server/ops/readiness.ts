import type { Phase } from './ops-state';

/** What a process knows about whether it can serve, gathered at each readiness check. */
export interface ReadinessFacts {
  phase: Phase;
  catalogLoaded: boolean;
  /** The migrations recorded in the database, or why the database did not answer. */
  database: { applied: readonly string[] } | { error: string };
  /** The migration files this build would apply. */
  migrations: readonly string[];
}

/** Why the process cannot serve; empty when it can. */
export function notReadyReasons(facts: ReadinessFacts): string[] {
  const reasons: string[] = [];
  if (facts.phase === 'starting') reasons.push('starting');
  if (facts.phase === 'stopping') reasons.push('shutting down');
  if ('error' in facts.database) reasons.push(`database does not answer: ${facts.database.error}`);
  else {
    const applied = new Set(facts.database.applied);
    const missing = facts.migrations.filter((name) => !applied.has(name));
    if (missing.length > 0) reasons.push(`migrations not applied: ${missing.join(', ')}`);
  }
  if (!facts.catalogLoaded) reasons.push('catalogue not loaded');
  return reasons;
}
