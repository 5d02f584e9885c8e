import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { LOCAL_SERVER_FILE } from '../start-server';

export interface LocalShop {
  url: string;
  adminToken: string;
}

/**
 * The running shop on the embedded database, if any. PGlite can be opened by one process only, so
 * while the shop runs the command-line tools go through its API with the token it wrote for them.
 */
export async function runningLocalShop(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<LocalShop | undefined> {
  const file = path.join(config.dataDir, LOCAL_SERVER_FILE);
  if (config.databaseUrl || !existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as LocalShop;
}

/** Calls the local shop's admin API; undefined when nothing answers (a stale server file). */
export async function callLocalShop<T>(shop: LocalShop, method: string, url: string, body?: unknown): Promise<T | undefined> {
  const headers: Record<string, string> = { authorization: `Bearer ${shop.adminToken}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${shop.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
  if (!response) return undefined;
  const reply = (await response.json()) as { code: number; result: unknown };
  if (reply.code !== 200) throw new Error(`The running shop refused: ${typeof reply.result === 'string' ? reply.result : JSON.stringify(reply.result)}`);
  return reply.result as T;
}
