import type { FastifyInstance } from 'fastify';
import type { AdminScope } from '../../schemas/api/admin-scopes';
import type { AppContext } from '../context';
import { ownerOnly } from '../http/owner-only';
import { registerAdminOrderRoutes } from './admin-order-routes';
import { registerBackupRoutes } from './backup-routes';
import { registerAdminTokenRoutes } from './admin-token-routes';

export const ADMIN_TOKEN_REFUSED = 'This needs a live admin token: this one is not an admin token, or it has been revoked';

const GUARDED = ['/api/admin/orders', '/api/admin/tokens'];

/** Orders are read with GET and changed with anything else; tokens are one scope. */
const scopeOf = (method: string, url: string): AdminScope => (url.startsWith('/api/admin/tokens') ? 'tokens' : method === 'GET' ? 'orders:read' : 'orders:write');

/** The shop owner's API under /api/admin/: every route needs an admin token (see owner-only.ts). */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  ownerOnly(app, ctx, (url) => GUARDED.some((prefix) => url.startsWith(prefix)), ADMIN_TOKEN_REFUSED, scopeOf);
  registerAdminTokenRoutes(app, ctx);
  registerAdminOrderRoutes(app, ctx);
  registerBackupRoutes(app, ctx);
}
