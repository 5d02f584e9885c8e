import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { ADMIN_SCOPES, adminScopesField, type AdminScope } from '../../schemas/api/admin-scopes';
import { createAdminToken, listAdminTokens, revokeAdminToken, type AdminTokenInfo } from '../admin/admin-tokens';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { callLocalShop, runningLocalShop } from './local-shop';

const USAGE = `Usage:
  npm run admin:token -- --name NAME     create a token (shown once; only its digest is stored)
        [--scope S1,S2]                  ... that may only do these (${ADMIN_SCOPES.join(', ')}); default all
  npm run admin:token -- --list          list tokens (never the tokens themselves)
  npm run admin:token -- --revoke ID     revoke a token by id (or every live token of a name)`;

type Action = { kind: 'create'; name: string; scopes: AdminScope[] | null } | { kind: 'list' } | { kind: 'revoke'; target: string };

function readAction(): Action {
  const { values } = parseArgs({ options: { name: { type: 'string' }, scope: { type: 'string' }, list: { type: 'boolean' }, revoke: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) throw new Error(USAGE);
  const chosen = [values.name !== undefined, values.list === true, values.revoke !== undefined].filter(Boolean).length;
  if (chosen !== 1) throw new Error(USAGE);
  if (values.name !== undefined) {
    const name = values.name.trim();
    if (name === '' || name.length > 100) throw new Error('--name: give who or what uses the token, 1 to 100 characters');
    if (values.scope === undefined) return { kind: 'create', name, scopes: null };
    const scopes = v.safeParse(adminScopesField, values.scope);
    if (!scopes.success) throw new Error(`--scope: ${scopes.issues[0].message}`);
    return { kind: 'create', name, scopes: scopes.output };
  }
  if (values.scope !== undefined) throw new Error('--scope goes with --name');
  if (values.revoke !== undefined) return { kind: 'revoke', target: values.revoke.trim() };
  return { kind: 'list' };
}

function print(action: Action, result: AdminTokenInfo[] | (AdminTokenInfo & { token: string })): void {
  if (action.kind === 'create' && !Array.isArray(result)) {
    console.log(`Admin token "${result.name}" (id ${result.id}, ${result.scopes ? `scopes ${result.scopes.join(', ')}` : 'every scope'}):\n\n  ${result.token}\n\nKeep it now: it is not shown again. Send it as "Authorization: Bearer <token>".`);
    return;
  }
  const rows = result as AdminTokenInfo[];
  if (action.kind === 'revoke') {
    if (rows.length === 0) throw new Error(`No live admin token has the id or name "${action.target}"`);
    for (const t of rows) console.log(`Revoked admin token ${t.id} "${t.name}"`);
    return;
  }
  if (rows.length === 0) console.log('No admin tokens yet: create one with npm run admin:token -- --name NAME');
  for (const t of rows) console.log(`${t.id}\t${t.name}\t${t.scopes ? t.scopes.join(',') : 'all scopes'}\tcreated ${t.created_at}\tlast used ${t.last_used_at ?? 'never'}${t.revoked_at ? `\trevoked ${t.revoked_at}` : ''}`);
}

async function direct(db: Database, action: Action) {
  if (action.kind === 'create') return createAdminToken(db, action.name, action.scopes);
  if (action.kind === 'revoke') return revokeAdminToken(db, action.target);
  return listAdminTokens(db);
}

/** Through the running shop: a revoke by name is done per live token of that name. */
async function throughShop(shop: NonNullable<Awaited<ReturnType<typeof runningLocalShop>>>, action: Action) {
  if (action.kind === 'create') return callLocalShop<AdminTokenInfo & { token: string }>(shop, 'POST', '/api/admin/tokens', { name: action.name, ...(action.scopes ? { scopes: action.scopes } : {}) });
  const tokens = await callLocalShop<AdminTokenInfo[]>(shop, 'GET', '/api/admin/tokens');
  if (!tokens || action.kind === 'list') return tokens;
  const targets = tokens.filter((t) => t.revoked_at === null && (String(t.id) === action.target || t.name === action.target));
  const revoked: AdminTokenInfo[] = [];
  for (const t of targets) revoked.push((await callLocalShop<AdminTokenInfo>(shop, 'DELETE', `/api/admin/tokens/${t.id}`))!);
  return revoked;
}

/** `npm run admin:token`: admin API tokens for integrations (an ERP, a packing station, a script). */
async function main(): Promise<void> {
  const action = readAction();
  const config = loadConfig();
  const shop = await runningLocalShop(config);
  if (shop) {
    const result = await throughShop(shop, action);
    if (result) return print(action, result);
    console.log(`No shop answers at ${shop.url}; using the database directly.`);
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    print(action, await direct(db, action));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
