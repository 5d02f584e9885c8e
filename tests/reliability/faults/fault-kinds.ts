import type { Rng } from '../../../server/seed/rng';

/**
 * The faults the scenarios inject between the client and the server. "Before" faults happen before
 * the server sees the request (it did NOT act); "after" faults happen once the server has acted
 * (its reply is lost, replaced or held back).
 */
export const BEFORE_FAULTS = ['dropBefore', 'status500', 'status503', 'status429', 'proxyBefore', 'hangBefore'] as const;
export const AFTER_FAULTS = ['dropAfter', 'proxyAfter', 'hangAfter', 'slow'] as const;
/** Replies lost after the server acted, aimed at the two requests where that hurts most. */
export const TARGETED_FAULTS = ['lostRefreshReply', 'lostOrderReply'] as const;
export const FAULT_KINDS = ['offline', ...BEFORE_FAULTS, ...AFTER_FAULTS, ...TARGETED_FAULTS] as const;

export type BeforeFault = (typeof BEFORE_FAULTS)[number];
export type AfterFault = (typeof AFTER_FAULTS)[number];
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultCounts = Record<FaultKind, number>;

export interface FaultSettings {
  /** Every request fails at once, as with no network. */
  offline: boolean;
  /** Chance per request of each fault. */
  chance: Partial<Record<BeforeFault | AfterFault | (typeof TARGETED_FAULTS)[number], number>>;
  /** Delay range of a slow reply, in ms. */
  slowMs: readonly [number, number];
}

export const NO_FAULTS: FaultSettings = { offline: false, chance: {}, slowMs: [0, 0] };

export const noFaultCounts = (): FaultCounts => Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as FaultCounts;

export function addCounts(into: FaultCounts, from: Readonly<FaultCounts>): void {
  for (const kind of FAULT_KINDS) into[kind] += from[kind];
}

/** A flaky network drawn from the plan: each fault kind on or off, at up to `max` per request. */
export function flakySettings(r: Rng, max = 0.3): FaultSettings {
  const chance: FaultSettings['chance'] = {};
  for (const kind of [...BEFORE_FAULTS, ...AFTER_FAULTS, ...TARGETED_FAULTS]) if (r.chance(0.5)) chance[kind] = r.float(0.02, max);
  return { offline: false, chance, slowMs: [20, r.int(50, 600)] };
}
