import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import type { FaultFetch } from './fault-fetch';
import type { Problem } from './invariants';
import type { ScenarioServer } from './scenario-server';
import type { Browser } from './shop-tab';
import type { ShopperModel } from './shopper-model';

/** What the steps of one scenario act on and record into. */
export interface StepContext {
  server: ScenarioServer;
  /** The device the step acts on (its tabs). */
  browser: Browser;
  /** Which device that is: 0 the first, 1 the customer's other device. */
  device: number;
  /** Every device of the scenario, the first one first. */
  devices: Browser[];
  /** The device the shopper used last (turning to the other one picks it up). */
  lastDevice: number;
  net: FaultFetch;
  model: ShopperModel;
  email: string;
  products: ReadonlyMap<string, FeedDocument>;
  /** Seconds an access token lives on this server. */
  tokenTtl: number;
  /** Markers of the tasks queued. */
  tasks: string[];
  /** Problems seen while the steps ran (a press that threw). */
  problems: Problem[];
  /** What happened beyond the plan (retried sign-ins, interrupted presses), for the trace. */
  notes: string[];
  /** Requests that may have been cut after the server acted: kills and reloads. */
  cuts: number;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
