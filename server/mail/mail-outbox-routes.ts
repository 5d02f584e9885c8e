import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pageNumber } from '../../schemas/api/user';
import { emailField } from '../../schemas/forms/form-fields';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { ownerOnly } from '../http/owner-only';
import { withoutSecrets } from './mail-secrets';

export const ADMIN_TOKEN_REQUIRED_FOR_MAIL = "The mail outbox needs the shop owner's admin token";

const outboxQuery = v.strictObject({
  to: emailField,
  limit: pageNumber('20', 99),
  token: v.optional(v.string()),
  storeCode: v.optional(v.string()),
});

/**
 * The shop owner's view of mail written to `mail_outbox` for one address (newest first): support
 * answering "I never got the reset mail". Only with an admin token with the mail scope, and never with
 * a link's secret (mail-secrets.ts): the mail went to the shopper, the outbox shows that it did.
 */
export function registerMailOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  ownerOnly(app, ctx, '/api/admin/mail-outbox', ADMIN_TOKEN_REQUIRED_FOR_MAIL, () => 'mail');
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/mail-outbox',
    summary: 'Mail queued for one address, newest first, with the secrets of reset links hidden (admin token with the mail scope)',
    tags: ['admin'],
    query: outboxQuery,
    result: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, to: { type: 'string' }, subject: { type: 'string' }, text: { type: 'string' }, created_at: { type: 'string' }, sent_at: { type: ['string', 'null'] } } } },
    handler: async ({ query }) => {
      const rows = await ctx.db.query<{ id: string | number; to_address: string; subject: string; text: string; created_at: Date | string; sent_at: Date | string | null }>(
        'select id, to_address, subject, text, created_at, sent_at from mail_outbox where lower(to_address) = lower($1) order by id desc limit $2',
        [query.to, query.limit],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        to: r.to_address,
        subject: r.subject,
        text: withoutSecrets(r.text),
        created_at: new Date(r.created_at).toISOString(),
        sent_at: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
      }));
    },
  });
}
