import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { spawnServer, type ServerProcess } from '../../helpers/spawn-server';
import { TMP_ROOT } from '../../helpers/test-config';

/** Products the scenarios shop for: plenty of stock, so no order is refused for lack of it. */
export const FAULT_SKUS = ['FLT-ANCHOR', 'FLT-BOLT', 'FLT-SCREW', 'FLT-NUT', 'FLT-WASHER'] as const;
export const ADMIN_TOKEN = 'fault-scenarios-admin-token';
const ENTRY = 'tests/reliability/faults/inspected-server-main.ts';

function product(i: number, sku: string): Record<string, unknown> {
  return { id: 996_000 + i, sku, name: `Fault test ${sku}`, slug: sku.toLowerCase(), type_id: 'simple', status: 1, visibility: 4, price: 5 + i, tax_class_id: 2, stock: { is_in_stock: true, qty: 10_000_000, manage_stock: true } };
}

/** An order as the server stored it. */
export interface StoredOrder {
  order_id: string;
  increment_id: string;
  customer_id: string | null;
  lines: { sku: string; qty: number }[];
  /** The grand total it was stored at (pounds, incl. VAT). */
  grand_total: number;
}

/** A server cart as stored: null when no cart has that id. */
export interface StoredCart {
  id: string;
  customer_id: string | null;
  converted_order_id: string | null;
  lines: { sku: string; qty: number }[];
}

/**
 * The API as its own process on a PGlite data folder, so it can be killed with SIGKILL and started
 * again on the same folder. A short ACCESS_TOKEN_TTL makes tokens expire in the middle of syncs.
 * The process also answers read-only questions about its database on an inspection port
 * (inspected-server-main.ts), so the checks read what the server stored, while it runs.
 */
export class ScenarioServer {
  private process: ServerProcess | null = null;
  private inspectUrl = '';
  private lastPorts: Record<string, number> | undefined;
  restarts = 0;
  kills = 0;
  /** The shop's price of each scenario product now (they change during checkouts). */
  private readonly prices = new Map<string, number>(FAULT_SKUS.map((sku, i) => [sku, Number(product(i, sku).price)]));
  private constructor(readonly dataDir: string, private readonly env: Record<string, string>) {}

  static async start(template: string, accessTokenTtl: number): Promise<ScenarioServer> {
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'faults-'));
    if (template && existsSync(template)) await cp(template, dataDir, { recursive: true });
    const server = new ScenarioServer(dataDir, { DATA_DIR: dataDir, ACCESS_TOKEN_TTL: String(accessTokenTtl), ADMIN_TOKEN, SEED_PRODUCTS: '2000', RATE_LIMIT_DISABLED: '1' });
    await server.up();
    const reply = await fetch(`${server.url}/api/catalog/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({ products: FAULT_SKUS.map((sku, i) => product(i, sku)) }),
    });
    if (!reply.ok) throw new Error(`catalogue import answered ${reply.status}: ${await reply.text()}`);
    return server;
  }

  get url(): string {
    if (!this.process) throw new Error('the server is down');
    return this.process.url;
  }

  get isUp(): boolean {
    return this.process !== null;
  }

  async up(): Promise<void> {
    // Started again on the ports it had: a device that sent to the old address while the server was
    // down met another soak's server there, which stored its orders (soak chunk 1300000775).
    this.process = await spawnServer(this.env, 90_000, ENTRY, { ports: ['INSPECT_PORT'], reuse: this.lastPorts });
    this.lastPorts = this.process.ports;
    this.inspectUrl = `http://127.0.0.1:${this.process.ports.INSPECT_PORT}`;
  }

  /** SIGKILL: no shutdown hooks, whatever was in flight is cut. */
  async kill(): Promise<void> {
    const running = this.process;
    this.process = null;
    this.kills++;
    await running?.stop('SIGKILL');
  }

  async restart(): Promise<void> {
    this.restarts++;
    await this.up();
  }

  private async inspect<T>(pathAndQuery: string): Promise<T> {
    if (!this.process) await this.restart();
    const reply = await fetch(this.inspectUrl + pathAndQuery);
    if (!reply.ok) throw new Error(`inspection ${pathAndQuery} answered ${reply.status}: ${await reply.text()}`);
    return (await reply.json()) as T;
  }

  /** The shop owner raises a product's price (the catalogue import by SKU); the devices are not told. */
  async raisePrice(sku: string, by: number): Promise<void> {
    const price = (this.prices.get(sku) ?? 0) + by;
    if (!this.process) await this.restart();
    const reply = await fetch(`${this.url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'text/csv; charset=utf-8', 'x-admin-token': ADMIN_TOKEN }, body: `sku,price\n${sku},${price.toFixed(2)}\n` });
    if (!reply.ok) throw new Error(`price import answered ${reply.status}: ${await reply.text()}`);
    this.prices.set(sku, price);
  }

  /** Every order stored for this e-mail, oldest first. */
  ordersFor(email: string): Promise<StoredOrder[]> {
    return this.inspect(`/orders?email=${encodeURIComponent(email)}`);
  }

  cart(id: string): Promise<StoredCart | null> {
    return this.inspect(`/cart?id=${encodeURIComponent(id)}`);
  }

  /** The open cart of the customer with this e-mail, if any. */
  customerCartId(email: string): Promise<string | null> {
    return this.inspect(`/customer-cart?email=${encodeURIComponent(email)}`);
  }

  /** The product documents as the catalogue feed serves them. */
  async productDocuments(): Promise<FeedDocument[]> {
    const found: FeedDocument[] = [];
    let seq = 0;
    let id = '';
    for (;;) {
      const reply = (await (await fetch(`${this.url}/api/catalog/changes?entities=product&seq=${seq}&id=${encodeURIComponent(id)}&limit=1000`)).json()) as {
        result: { documents: FeedDocument[]; checkpoint: { seq: number; id: string } };
      };
      found.push(...reply.result.documents.filter((d) => (FAULT_SKUS as readonly unknown[]).includes(d.sku)));
      if (reply.result.documents.length === 0) break;
      ({ seq, id } = reply.result.checkpoint);
    }
    return found;
  }

  async dispose(): Promise<void> {
    await this.process?.stop('SIGKILL');
    this.process = null;
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
