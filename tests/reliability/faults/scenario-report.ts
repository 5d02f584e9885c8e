import { addCounts, noFaultCounts, type FaultCounts } from './fault-kinds';
import type { FaultEvent } from './fault-fetch';
import { INVARIANTS, type Invariant, type Problem } from './invariants';
import type { ScenarioPlan } from './scenario-plan';
import { formatLines, type ShopperModel } from './shopper-model';
import { linesOf, type DeviceSnapshot, type ServerSnapshot } from './snapshots';

export interface ScenarioOutcome {
  seed: number;
  plan: ScenarioPlan;
  email: string;
  problems: Problem[];
  faults: FaultCounts;
  /** Checkouts the shopper placed, and orders the server holds for the scenario. */
  placed: number;
  stored: string[];
  tasks: number;
  redeliveries: number;
  retryPresses: number;
  settleMs: number;
  hangsCapped: number;
  afterClose: number;
  /** The state when the checks ran, printed with a failure. */
  state: string;
  notes: string[];
}

export interface StateInput {
  model: ShopperModel;
  device: DeviceSnapshot;
  /** The customer's other devices. */
  others?: readonly DeviceSnapshot[];
  server: ServerSnapshot | null;
  inFlight: readonly string[];
  events: readonly FaultEvent[];
  settled: boolean;
  settleMs: number;
}

/** Everything worth knowing about a scenario that did not settle or broke an invariant. */
export function describeState({ model, device, others = [], server, inFlight, events, settled, settleMs }: StateInput): string {
  const orders = device.orders.map((o) => `${o.order_id} ${o.state}${o.attempts ? ` after ${o.attempts} attempts` : ''}${o.increment_id ? ` #${o.increment_id}` : ''}${o.error ? ` (${o.error})` : ''}${o.lines_taken ? '' : ' lines not taken'}: ${o.lines}`);
  const rows = [
    `${settled ? 'settled' : 'NOT settled'} after ${settleMs} ms`,
    `model: ${model.describe()}`,
    `device: ${device.signedIn ? 'signed in' : 'signed out'}${device.signUpModal ? ' (sign-up modal)' : ''}; cart ${formatLines(device.cart)} id ${device.cartToken ?? 'none'}, ${device.unsyncedCart} unconfirmed; orders: ${orders.join('; ') || 'none'}; pending tasks: ${device.pendingTasks.join(', ') || 'none'}`,
    ...others.map((o, i) => `device ${i + 1}: ${o.signedIn ? 'signed in' : 'signed out'}; cart ${formatLines(o.cart)} id ${o.cartToken ?? 'none'}, ${o.unsyncedCart} unconfirmed; orders: ${o.orders.map((x) => `${x.order_id} ${x.state}${x.increment_id ? ` #${x.increment_id}` : ''}`).join('; ') || 'none'}`),
    server
      ? `server: cart ${server.cart ? `${formatLines(linesOf(server.cart.lines))}${server.cart.converted_order_id ? ` converted by ${server.cart.converted_order_id}` : ''}` : 'none'}${server.customerCartId ? `, customer's open cart is another: ${server.customerCartId}` : ''}; orders: ${server.orders.map((o) => `${o.order_id} #${o.increment_id} ${formatLines(linesOf(o.lines))}`).join('; ') || 'none'}`
      : 'server: not read',
    `requests in flight: ${inFlight.join(', ') || 'none'}`,
    `last faults: ${events.slice(-12).map((e) => `${e.kind} ${e.request}`).join(', ') || 'none'}`,
  ];
  return rows.join('\n    ');
}

/** Totals over a run, for the summary line. */
export class RunReport {
  readonly faults = noFaultCounts();
  readonly failedBy = new Map<Invariant, number[]>();
  scenarios = 0;
  /** Seeds whose scenario threw before it could be checked. */
  readonly threw: number[] = [];
  placed = 0;
  stored = 0;
  tasks = 0;
  redeliveries = 0;
  retryPresses = 0;
  hangsCapped = 0;
  afterClose = 0;
  settleMs: number[] = [];

  add(outcome: ScenarioOutcome): void {
    this.scenarios++;
    addCounts(this.faults, outcome.faults);
    this.placed += outcome.placed;
    this.stored += outcome.stored.length;
    this.tasks += outcome.tasks;
    this.redeliveries += outcome.redeliveries;
    this.retryPresses += outcome.retryPresses;
    this.hangsCapped += outcome.hangsCapped;
    this.afterClose += outcome.afterClose;
    this.settleMs.push(outcome.settleMs);
    for (const invariant of new Set(outcome.problems.map((p) => p.invariant))) this.failed(invariant, outcome.seed);
  }

  failed(invariant: Invariant, seed: number): void {
    const seeds = this.failedBy.get(invariant) ?? [];
    if (!seeds.includes(seed)) seeds.push(seed);
    this.failedBy.set(invariant, seeds);
  }

  summary(): string {
    const total = Object.values(this.faults).reduce((a, b) => a + b, 0);
    const faults = Object.entries(this.faults).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ');
    const invariants = (Object.keys(INVARIANTS) as Invariant[]).map((name) => {
      const seeds = this.failedBy.get(name) ?? [];
      return `  ${seeds.length ? '✗' : '✓'} ${name}: ${this.scenarios - seeds.length}/${this.scenarios} kept${seeds.length ? ` — failing seeds ${seeds.slice(0, 12).join(', ')}${seeds.length > 12 ? ` and ${seeds.length - 12} more` : ''}` : ''}`;
    });
    const sorted = [...this.settleMs].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return [
      `${this.scenarios} scenarios checked${this.threw.length ? `, ${this.threw.length} threw (seeds ${this.threw.join(', ')})` : ''}; ${total} faults injected (${faults || 'none'})`,
      `${this.placed} checkouts placed, ${this.stored} orders stored, ${this.tasks} tasks, ${this.redeliveries} redeliveries after lost replies; "Retry now" pressed ${this.retryPresses}×; ` +
        `hung requests nobody aborted ${this.hangsCapped}; requests after a page closed ${this.afterClose}; settling took ${median} ms median, ${sorted.at(-1) ?? 0} ms max`,
      'invariants:',
      ...invariants,
    ].join('\n');
  }
}
