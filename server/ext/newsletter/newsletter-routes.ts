import type { FastifyInstance } from 'fastify';
import { newsletterQuery } from '../../../schemas/api/ext';
import { newsletterFormSchema } from '../../../schemas/forms/newsletter-form';
import { enforceLimits } from '../../auth/attempt-throttle';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/define-route';
import { deliverQueuedMail, queueMail } from '../../mail/send-mail';
import { publicLimits } from '../public-limits';
import { isSubscribed, subscribe, unsubscribe } from './newsletter-store';
import { findNewsletterCoupon, welcomeMail } from './welcome-coupon';

const URL = '/api/ext/newsletter';
const status = { type: 'string', enum: ['subscribed', 'not-subscribed'] };

/** Newsletter subscription (SPEC §7): GET the status, POST to subscribe, DELETE to unsubscribe. */
export function registerNewsletterRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Is this e-mail subscribed? `result` is "subscribed" or "not-subscribed"',
    tags: ['newsletter'],
    query: newsletterQuery,
    result: status,
    handler: async ({ query }) => ((await isSubscribed(ctx.db, query.email)) ? 'subscribed' : 'not-subscribed'),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Subscribe (idempotent); the first subscription of an address mails the 10% welcome coupon',
    tags: ['newsletter'],
    body: newsletterFormSchema,
    result: status,
    limit: 'forms',
    handler: async ({ body, request }) => {
      const email = body.email.toLowerCase();
      await enforceLimits(ctx.db, [{ key: `newsletter:ip:${request.ip}`, rule: publicLimits(ctx.config.limits).newsletterPerAddress }]);
      const mailId = await ctx.db.transaction(async (tx) => {
        if (!(await subscribe(tx, email))) return undefined;
        return queueMail(tx, welcomeMail(ctx.config, email, await findNewsletterCoupon(tx)));
      });
      if (mailId !== undefined) await deliverQueuedMail(ctx.db, ctx.config, mailId, ctx.log);
      return 'subscribed';
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: URL,
    summary: 'Unsubscribe (idempotent)',
    tags: ['newsletter'],
    body: newsletterFormSchema,
    result: status,
    handler: async ({ body }) => {
      await unsubscribe(ctx.db, body.email);
      return 'not-subscribed';
    },
  });
}
