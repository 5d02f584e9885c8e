import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start-server';
import { inject } from 'vitest';
import { TMP_ROOT, testConfig, testDatabaseUrl } from './test-config';

export interface ApiReply<T = unknown> {
  status: number;
  body: { code: number; result: T; meta?: Record<string, unknown> };
  headers: Headers;
}

export interface TestServer extends RunningServer {
  /** Which backend this server runs on: the embedded PGlite or the PostgreSQL in TEST_DATABASE_URL. */
  backend: 'pglite' | 'postgres';
  request<T = unknown>(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply<T>>;
  /** Sends a raw body (malformed JSON, odd content types). */
  raw(method: string, urlPath: string, body: string, headers?: Record<string, string>): Promise<ApiReply>;
}

/**
 * The real server on a private database: a copy of the seeded PGlite template in a temp folder,
 * or, with TEST_DATABASE_URL, a fresh schema in that PostgreSQL database (dropped on close).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'server-'));
  let schema: string | undefined;
  if (testDatabaseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
  } else {
    const template = inject('pgliteTemplate');
    if (template && existsSync(template)) await cp(template, dataDir, { recursive: true });
  }
  const config = testConfig({ dataDir, ...(schema ? { databaseUrl: testDatabaseUrl, databaseSchema: schema } : {}), ...overrides });
  const server = await startServer(config);

  async function send(method: string, urlPath: string, body: string | undefined, headers: Record<string, string>): Promise<ApiReply> {
    const response = await fetch(server.url + urlPath, { method, body, headers });
    const text = await response.text();
    let parsed: ApiReply['body'];
    try {
      parsed = JSON.parse(text) as ApiReply['body'];
    } catch {
      parsed = { code: response.status, result: text };
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  return {
    ...server,
    backend: schema ? 'postgres' : 'pglite',
    request: (method, urlPath, body, headers = {}) =>
      send(method, urlPath, body === undefined ? undefined : JSON.stringify(body), {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      }) as Promise<ApiReply<never>>,
    raw: (method, urlPath, body, headers = { 'content-type': 'application/json' }) => send(method, urlPath, body, headers),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      if (schema && testDatabaseUrl) {
        const client = new pg.Client({ connectionString: testDatabaseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  };
}
