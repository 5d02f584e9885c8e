import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type * as v from 'valibot';
import { adminOrderListQuery } from '../../schemas/api/admin';
import { parseWith } from '../../schemas/parse';
import { listAdminOrders, toAdminOrder } from '../admin/admin-order-query';
import { ordersCsv } from '../admin/order-export';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { callLocalShop, runningLocalShop } from './local-shop';

const USAGE = `Usage: npm run orders:export -- --since 2026-11-01 [--status pending] [--format csv|json] [--out FILE]
  Writes the orders created since that date or time (oldest first): CSV has one row per order line.`;

const PAGE = 200;
type Filter = v.InferOutput<typeof adminOrderListQuery>;

function readOptions(): { filter: Filter; format: 'csv' | 'json'; out: string | undefined } {
  const { values } = parseArgs({ options: { since: { type: 'string' }, status: { type: 'string' }, format: { type: 'string', default: 'csv' }, out: { type: 'string' } }, strict: true });
  if (!values.since) throw new Error(USAGE);
  if (values.format !== 'csv' && values.format !== 'json') throw new Error(`--format: csv or json, got "${values.format}"`);
  const parsed = parseWith(adminOrderListQuery, { created_since: values.since, ...(values.status ? { status: values.status } : {}), pageSize: String(PAGE) }, 'options');
  if (!parsed.ok) throw new Error(parsed.message.replace('created_since', '--since').replace(/\bstatus\b/, '--status'));
  return { filter: parsed.value, format: values.format, out: values.out };
}

type Orders = Record<string, unknown>[];

/** Every page, newest first as the list answers, turned oldest first. */
async function allPages(read: (page: number) => Promise<{ items: Orders; total: number }>): Promise<Orders> {
  const orders: Orders = [];
  for (let page = 1; ; page++) {
    const { items, total } = await read(page);
    orders.push(...items);
    if (items.length < PAGE || orders.length >= total) break;
  }
  return orders.reverse();
}

async function readOrders(filter: Filter): Promise<Orders> {
  const config = loadConfig();
  const shop = await runningLocalShop(config);
  if (shop) {
    const query = (page: number) => new URLSearchParams({ created_since: filter.created_since!, ...(filter.status ? { status: filter.status } : {}), pageSize: String(PAGE), currentPage: String(page) });
    try {
      return await allPages(async (page) => {
        const result = await callLocalShop<{ items: Orders; total_count: number }>(shop, 'GET', `/api/admin/orders?${query(page).toString()}`);
        if (!result) throw new Error('no shop');
        return { items: result.items, total: result.total_count };
      });
    } catch (error) {
      if ((error as Error).message !== 'no shop') throw error;
      console.error(`No shop answers at ${shop.url}; reading the database directly.`);
    }
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const where = { status: filter.status, createdSince: filter.created_since };
    return await allPages(async (page) => {
      const { rows, total } = await listAdminOrders(db, where, PAGE, page);
      return { items: rows.map(toAdminOrder), total };
    });
  } finally {
    await db.close();
  }
}

/** `npm run orders:export`: orders as CSV or JSON for a shop that packs from a spreadsheet. */
async function main(): Promise<void> {
  const { filter, format, out } = readOptions();
  const orders = await readOrders(filter);
  const text = format === 'csv' ? ordersCsv(orders) : `${JSON.stringify(orders, null, 2)}\n`;
  if (out) {
    await writeFile(out, text);
    console.error(`Wrote ${orders.length} orders to ${out}`);
  } else process.stdout.write(text);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
