import type { FastifyInstance } from 'fastify';
import { enforceLimits } from '../../auth/attempt-throttle';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/define-route';
import { deliverQueuedMail, queueMail } from '../../mail/send-mail';
import { publicLimits } from '../public-limits';
import { FORM_KINDS, type FormKind } from './form-kinds';
import { senderConfirmation, shopNotification } from './form-mails';

interface SenderFields {
  emailAddress: string;
  firstName: string;
  lastName: string;
}

/**
 * POST /api/ext/forms/{contact|quote-request|trade-account|catalogue-request}: validated with the
 * same schemas as the browser forms, stored in `form_submissions`, mailed to the shop, and
 * confirmed to the sender. Stored and mailed in one transaction, delivered after it.
 */
export function registerFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const form of FORM_KINDS) registerForm(app, ctx, form);
}

function registerForm(app: FastifyInstance, ctx: AppContext, form: FormKind): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: `/api/ext/forms/${form.kind}`,
    summary: `${form.title}: stored, mailed to the shop and confirmed to the sender`,
    tags: ['forms'],
    body: form.schema,
    limit: 'forms',
    result: { type: 'object', properties: { id: { type: 'integer' }, kind: { type: 'string' }, created_at: { type: 'string' } } },
    handler: async ({ body, request }) => {
      const payload = body as Record<string, unknown> & SenderFields;
      const sender = { email: payload.emailAddress, name: `${payload.firstName} ${payload.lastName}` };
      await enforceLimits(ctx.db, [
        { key: `forms:ip:${request.ip}`, rule: publicLimits(ctx.config.limits).formsPerAddress },
        { key: `mail:to:${sender.email.toLowerCase()}`, rule: publicLimits(ctx.config.limits).mailPerRecipient },
      ]);
      const { id, createdAt, mailIds } = await ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ id: number; created_at: Date | string }>(
          'insert into form_submissions (kind, payload) values ($1, $2::jsonb) returning id, created_at',
          [form.kind, JSON.stringify(payload)],
        );
        const row = rows[0];
        if (!row) throw new Error('form insert returned no row');
        const submission = Number(row.id);
        const ids = [
          await queueMail(tx, shopNotification(ctx.config, form, submission, sender, payload)),
          await queueMail(tx, senderConfirmation(ctx.config, form, submission, sender)),
        ];
        return { id: submission, createdAt: row.created_at, mailIds: ids };
      });
      for (const mailId of mailIds) await deliverQueuedMail(ctx.db, ctx.config, mailId, ctx.log);
      return { id, kind: form.kind, created_at: new Date(createdAt).toISOString() };
    },
  });
}
