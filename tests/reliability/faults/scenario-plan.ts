import { createRng, deriveSeed, type Rng } from '../../../server/seed/rng';
import { flakySettings, type FaultSettings } from './fault-kinds';
import { FAULT_OTHER_DEVICE } from './seeded-random';

/**
 * A scenario's plan, drawn in full before it runs from the plan stream of its seed (the fault
 * decisions have a stream of their own), so FAULT_SEED replays exactly this plan however the run's
 * timing goes. Choices that depend on the cart as it is then ("some line") are drawn as a number in
 * [0, 1) here and applied to the lines the tab shows at that moment.
 */
export type Start = 'guest' | 'signedIn' | 'guestThenSignIn';

export type PlanStep =
  | { do: 'add'; tab: number; sku: string; qty: number }
  | { do: 'setQty'; tab: number; pick: number; qty: number }
  | { do: 'remove'; tab: number; pick: number }
  | { do: 'offline'; noticed: boolean }
  | { do: 'online' }
  | { do: 'flaky'; settings: FaultSettings }
  | { do: 'calm' }
  /** Replies to the refresh or to the order are lost after the server acted, at this chance, until calm. */
  | { do: 'loseReplies'; to: 'refresh' | 'order'; chance: number }
  /** The review step, then one or two presses of "Place the order" (the second before the first returns). */
  | { do: 'order'; tab: number; presses: 1 | 2 }
  /** Both tabs place the same checkout at once. */
  | { do: 'twoTabOrder' }
  | { do: 'task'; tab: number; sku: string; marker: string }
  | { do: 'pause'; ms: number }
  | { do: 'expireToken' }
  | { do: 'kill'; during: 'order' | 'cartSync'; tab: number; sku: string; afterMs: number; downMs: number; addWhileDown: boolean }
  /** The guest signs in (under whatever faults are on); the guest's lines and the customer's saved cart add up. */
  | { do: 'signIn' }
  /** Offline order (queued), then sign out while it waits; signInAgain comes later in the plan. */
  | { do: 'signOutWithQueued'; tab: number; sku: string }
  | { do: 'signInAgain' }
  /** The tab's page reloads: during an order (press, then reload after `afterMs`) or between steps. */
  | { do: 'reload'; tab: number; duringOrder: boolean; afterMs: number }
  /**
   * The review step shows a total, then the shop raises the price of the line at `pick` by `raise`
   * pounds before the order arrives (placed online, or queued offline and sent later): the shopper
   * accepts the refusal and confirms the new total.
   */
  | { do: 'repriceOrder'; tab: number; pick: number; raise: number; offline: boolean }
  /** The guest presses "Place the order" and signs in `afterMs` later, before the order has answered. */
  | { do: 'signInDuringOrder'; afterMs: number }
  /** A step on the customer's other device (its own browser database, signed in as the same customer). */
  | { do: 'other'; step: OtherDeviceStep }
  /** Both devices add the same product at about the same time. */
  | { do: 'bothAdd'; sku: string; qty: number }
  /** The first device places an order while the other adds a line. */
  | { do: 'orderWhileOtherAdds'; sku: string; qty: number };

/** What the shopper does on the other device (its own tabs; its network drops on its own). */
export type OtherDeviceStep = Extract<PlanStep, { do: 'add' | 'setQty' | 'remove' | 'order' | 'offline' | 'online' | 'reload' | 'pause' }>;

export interface ScenarioPlan {
  seed: number;
  tabs: 1 | 2;
  start: Start;
  /** Lines already in the customer's server cart from an earlier visit (guestThenSignIn). */
  savedCart: Record<string, number>;
  /** The customer's other device (a laptop beside the phone), signed in from the start: its tab count. */
  otherDevice: { tabs: 1 } | null;
  steps: PlanStep[];
}

/** The plan and the faults draw from streams of their own, both from the scenario seed. */
export const planSeed = (seed: number) => deriveSeed(seed, 'plan');
export const faultSeed = (seed: number) => deriveSeed(seed, 'faults');

function step(r: Rng, tabs: number, skus: readonly string[], signedIn: boolean, n: number): PlanStep {
  const tab = r.int(0, tabs - 1);
  const kinds = ['add', 'add', 'add', 'setQty', 'remove', 'offline', 'online', 'flaky', 'flaky', 'calm', 'order', 'order', 'task', 'pause', 'reload'] as const;
  const pool: string[] = [...kinds, ...(signedIn ? ['expireToken'] : []), ...(tabs === 2 ? ['twoTabOrder'] : [])];
  switch (r.pick(pool)) {
    case 'add':
      return { do: 'add', tab, sku: r.pick(skus), qty: r.int(1, 3) };
    case 'setQty':
      return { do: 'setQty', tab, pick: r.next(), qty: r.int(1, 6) };
    case 'remove':
      return { do: 'remove', tab, pick: r.next() };
    case 'offline':
      return { do: 'offline', noticed: r.chance(0.7) };
    case 'online':
      return { do: 'online' };
    case 'flaky':
      return { do: 'flaky', settings: flakySettings(r) };
    case 'calm':
      return { do: 'calm' };
    case 'order':
      return { do: 'order', tab, presses: r.chance(0.2) ? 2 : 1 };
    case 'twoTabOrder':
      return { do: 'twoTabOrder' };
    case 'task':
      return { do: 'task', tab, sku: r.pick(skus), marker: `t${n}-${r.int(0, 1e6)}` };
    case 'expireToken':
      return { do: 'expireToken' };
    case 'reload':
      return { do: 'reload', tab, duringOrder: r.chance(0.5), afterMs: r.int(0, 80) };
    default:
      return { do: 'pause', ms: r.int(0, 400) };
  }
}

export function drawPlan(seed: number, skus: readonly string[]): ScenarioPlan {
  const r = createRng(planSeed(seed));
  const tabs = r.chance(0.3) ? 2 : 1;
  const start: Start = r.pick(['guest', 'signedIn', 'signedIn', 'guestThenSignIn'] as const);
  const savedCart: Record<string, number> = {};
  if (start === 'guestThenSignIn') for (let i = r.int(0, 2); i > 0; i--) savedCart[r.pick(skus)] = r.int(1, 4);
  const steps: PlanStep[] = [];
  const signedIn = start === 'signedIn';
  const count = r.int(5, 12);
  for (let i = 0; i < count; i++) steps.push(step(r, tabs, skus, signedIn, i));
  // Half the scenarios start on a flaky network; some add one of the rarer events at a random place (after at least one step).
  if (r.chance(0.5)) steps.unshift({ do: 'flaky', settings: flakySettings(r) });
  const at = () => r.int(1, steps.length);
  if (start === 'guestThenSignIn') {
    // The guest has lines before signing in.
    steps.splice(0, 0, { do: 'add', tab: 0, sku: r.pick(skus), qty: r.int(1, 3) });
    steps.splice(at(), 0, { do: 'flaky', settings: flakySettings(r, 0.3) }, { do: 'signIn' });
  }
  if (r.chance(0.12)) steps.splice(at(), 0, { do: 'kill', during: r.pick(['order', 'cartSync'] as const), tab: r.int(0, tabs - 1), sku: r.pick(skus), afterMs: r.int(0, 60), downMs: r.int(0, 300), addWhileDown: r.chance(0.5) });
  // Lost replies where they hurt most: an order the server placed, a refresh the server rotated.
  if (r.chance(0.3)) {
    const where = at();
    steps.splice(where, 0, { do: 'add', tab: 0, sku: r.pick(skus), qty: 1 }, { do: 'loseReplies', to: 'order', chance: r.float(0.5, 1) }, { do: 'order', tab: r.int(0, tabs - 1), presses: 1 });
  }
  if (start === 'signedIn' && r.chance(0.35)) {
    steps.splice(at(), 0, { do: 'loseReplies', to: 'refresh', chance: r.float(0.5, 1) }, { do: 'expireToken' }, { do: 'add', tab: 0, sku: r.pick(skus), qty: 1 }, { do: 'pause', ms: 300 });
  }
  if (start === 'signedIn' && r.chance(0.25)) {
    const where = at();
    steps.splice(where, 0, { do: 'signOutWithQueued', tab: r.int(0, tabs - 1), sku: r.pick(skus) });
    steps.splice(r.int(where + 1, steps.length), 0, { do: 'signInAgain' });
  }
  // Prices change during checkouts. Drawn from a stream of their own, so the plans drawn before this
  // step existed stay as they were, with the change inserted.
  const p = createRng(deriveSeed(seed, 'reprice'));
  if (p.chance(0.35)) {
    const where = p.int(1, steps.length);
    steps.splice(where, 0, { do: 'add', tab: 0, sku: p.pick(skus), qty: p.int(1, 3) }, { do: 'repriceOrder', tab: p.int(0, tabs - 1), pick: p.next(), raise: p.int(1, 9), offline: p.chance(0.4) });
  }
  const otherDevice = start === 'signedIn' ? drawOtherDevice(seed, tabs, skus, steps) : null;
  if (start === 'guestThenSignIn') drawSignInDuringOrder(seed, steps);
  return { seed, tabs, start, savedCart, otherDevice, steps };
}

function otherDeviceStep(r: Rng, tabs: number, skus: readonly string[]): OtherDeviceStep {
  const tab = r.int(0, tabs - 1);
  switch (r.pick(['add', 'add', 'add', 'setQty', 'remove', 'remove', 'order', 'order', 'offline', 'online', 'reload', 'pause'] as const)) {
    case 'add':
      return { do: 'add', tab, sku: r.pick(skus), qty: r.int(1, 3) };
    case 'setQty':
      return { do: 'setQty', tab, pick: r.next(), qty: r.int(1, 6) };
    case 'remove':
      return { do: 'remove', tab, pick: r.next() };
    case 'order':
      return { do: 'order', tab, presses: 1 };
    case 'offline':
      return { do: 'offline', noticed: r.chance(0.7) };
    case 'online':
      return { do: 'online' };
    case 'reload':
      return { do: 'reload', tab, duringOrder: r.chance(0.3), afterMs: r.int(0, 80) };
    default:
      return { do: 'pause', ms: r.int(0, 400) };
  }
}

/**
 * A share of the signed-in customers also shop on a second device: its steps, and the two devices
 * adding the same product or ordering against an add, are inserted into the plan. Drawn from a
 * stream of their own, so the plans of one-device scenarios stay as they were.
 */
function drawOtherDevice(seed: number, tabs: number, skus: readonly string[], steps: PlanStep[]): ScenarioPlan['otherDevice'] {
  const r = createRng(deriveSeed(seed, 'other-device'));
  // RxDB's open-source version opens at most 13 collections at once, and a tab opens 6: two tabs in
  // all, so the first device has one and so does the other.
  if (!FAULT_OTHER_DEVICE || tabs !== 1 || !r.chance(0.35)) return null;
  const otherTabs = 1;
  const at = () => r.int(0, steps.length);
  for (let i = r.int(2, 5); i > 0; i--) steps.splice(at(), 0, { do: 'other', step: otherDeviceStep(r, otherTabs, skus) });
  if (r.chance(0.5)) steps.splice(at(), 0, { do: 'bothAdd', sku: r.pick(skus), qty: r.int(1, 2) });
  if (r.chance(0.4)) steps.splice(at(), 0, { do: 'add', tab: r.int(0, tabs - 1), sku: r.pick(skus), qty: 1 }, { do: 'orderWhileOtherAdds', sku: r.pick(skus), qty: r.int(1, 3) });
  return { tabs: otherTabs };
}

/** Some guests sign in while their order is on its way: it replaces the plain sign-in (its own stream). */
function drawSignInDuringOrder(seed: number, steps: PlanStep[]): void {
  const r = createRng(deriveSeed(seed, 'sign-in-during-order'));
  const at = steps.findIndex((s) => s.do === 'signIn');
  if (at >= 0 && r.chance(0.35)) steps[at] = { do: 'signInDuringOrder', afterMs: r.int(0, 120) };
}

const pct = (p: number) => `${Math.round(p * 100)}%`;

export function describeStep(s: PlanStep): string {
  switch (s.do) {
    case 'add':
      return `add(t${s.tab} ${s.sku}×${s.qty})`;
    case 'setQty':
      return `setQty(t${s.tab} @${s.pick.toFixed(2)} →${s.qty})`;
    case 'remove':
      return `remove(t${s.tab} @${s.pick.toFixed(2)})`;
    case 'offline':
      return s.noticed ? 'offline' : 'offline(unnoticed)';
    case 'flaky':
      return `flaky(${Object.entries(s.settings.chance).map(([k, p]) => `${k} ${pct(p)}`).join(', ') || 'nothing'})`;
    case 'order':
      return `order(t${s.tab}${s.presses === 2 ? ' ×2 presses' : ''})`;
    case 'task':
      return `task(t${s.tab} ${s.sku})`;
    case 'pause':
      return `pause(${s.ms} ms)`;
    case 'kill':
      return `kill(during ${s.during}, t${s.tab}, after ${s.afterMs} ms, down ${s.downMs} ms${s.addWhileDown ? ', add meanwhile' : ''})`;
    case 'loseReplies':
      return `loseReplies(${s.to} ${pct(s.chance)})`;
    case 'signOutWithQueued':
      return `signOutWithQueued(t${s.tab} ${s.sku})`;
    case 'reload':
      return `reload(t${s.tab}${s.duringOrder ? `, during an order after ${s.afterMs} ms` : ''})`;
    case 'repriceOrder':
      return `repriceOrder(t${s.tab} @${s.pick.toFixed(2)} +£${s.raise}${s.offline ? ', queued offline' : ''})`;
    case 'signInDuringOrder':
      return `signInDuringOrder(after ${s.afterMs} ms)`;
    case 'other':
      return `other:${describeStep(s.step)}`;
    case 'bothAdd':
      return `bothAdd(${s.sku}×${s.qty})`;
    case 'orderWhileOtherAdds':
      return `orderWhileOtherAdds(other adds ${s.sku}×${s.qty})`;
    default:
      return s.do;
  }
}

export function describePlan(plan: ScenarioPlan): string {
  const saved = Object.keys(plan.savedCart).length ? ` (saved cart ${JSON.stringify(plan.savedCart)})` : '';
  const other = plan.otherDevice ? ` + another device with ${plan.otherDevice.tabs} tab` : '';
  return `seed ${plan.seed}: ${plan.tabs} tab${plan.tabs === 2 ? 's' : ''}${other}, ${plan.start}${saved}: ${plan.steps.map(describeStep).join(' → ')}`;
}
