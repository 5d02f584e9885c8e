import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { newsletterQuery } from '../../../schemas/api/ext';
import { newsletterFormSchema } from '../../../schemas/forms/newsletter-form';
import { enforceLimits } from '../../auth/attempt-throttle';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/define-route';
import { deliverQueuedMail, queueMail } from '../../mail/send-mail';
import { publicLimits } from '../public-limits';
import { createConfirmation, isSubscribed, unsubscribe } from './newsletter-store';
import { confirmationMail } from './newsletter-mails';
import { NEWSLETTER_PROOF_MESSAGES, ownsAddress, requireOwner, unsubscribeTokenEmail } from './newsletter-proof';
import { registerNewsletterLinkPages } from './newsletter-link-pages';

const URL = '/api/ext/newsletter';
const status = { type: 'string', enum: ['subscribed', 'not-subscribed'] };

/** DELETE takes the address and, from an unsubscribe link, its signed token (no sign-in needed then). */
const unsubscribeBody = v.strictObject({ ...newsletterFormSchema.entries, token: v.optional(v.pipe(v.string('must be a string'), v.maxLength(2048, 'must be at most 2048 characters'))) });

/**
 * Newsletter subscription (SPEC §7): GET the status, POST to subscribe, DELETE to unsubscribe. Double
 * opt-in: POST mails a single-use confirmation link and only a confirmed address is subscribed (the
 * welcome coupon follows then). Status and unsubscribe need proof: the signed-in owner of the
 * address, or (to unsubscribe) the signed link of a newsletter mail.
 */
export function registerNewsletterRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerNewsletterLinkPages(app, ctx);
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Is this e-mail subscribed? `result` is "subscribed" or "not-subscribed". Only for the signed-in owner of the address (403 otherwise)',
    tags: ['newsletter'],
    query: newsletterQuery,
    result: status,
    handler: async ({ query, auth }) => {
      await requireOwner(ctx, auth, query.email, NEWSLETTER_PROOF_MESSAGES.status);
      return (await isSubscribed(ctx.db, query.email)) ? 'subscribed' : 'not-subscribed';
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary:
      'Subscribe, double opt-in: mails a single-use confirmation link and answers "confirmation-sent"; the address is subscribed (and the first time, mailed the 10% welcome coupon) once the link is used. ' +
      'An address already subscribed gets no mail; only its signed-in owner is told "subscribed"',
    tags: ['newsletter'],
    body: newsletterFormSchema,
    result: { type: 'string', enum: ['subscribed', 'confirmation-sent'] },
    limit: 'forms',
    handler: async ({ body, request, auth }) => {
      const email = body.email.toLowerCase();
      await enforceLimits(ctx.db, [{ key: `newsletter:ip:${request.ip}`, rule: publicLimits(ctx.config.limits).newsletterPerAddress }]);
      // A stranger learns nothing from the answer: the same words whether or not the address is subscribed.
      if (await isSubscribed(ctx.db, email)) return (await ownsAddress(ctx, auth, email)) ? 'subscribed' : 'confirmation-sent';
      // Each confirmation mail goes to an address nobody has confirmed: as few to one address as a form's.
      await enforceLimits(ctx.db, [{ key: `mail:to:${email}`, rule: publicLimits(ctx.config.limits).mailPerRecipient }]);
      const mailId = await ctx.db.transaction(async (tx) => queueMail(tx, confirmationMail(ctx.config, email, await createConfirmation(tx, email))));
      await deliverQueuedMail(ctx.db, ctx.config, mailId, ctx.log);
      return 'confirmation-sent';
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: URL,
    summary: 'Unsubscribe (idempotent): the signed-in owner of the address, or with `token` from the unsubscribe link of a newsletter mail (403 otherwise)',
    tags: ['newsletter'],
    body: unsubscribeBody,
    result: status,
    handler: async ({ body, auth }) => {
      const fromLink = body.token ? await unsubscribeTokenEmail(ctx, body.token) : undefined;
      if (fromLink !== body.email.toLowerCase()) await requireOwner(ctx, auth, body.email, NEWSLETTER_PROOF_MESSAGES.unsubscribe);
      await unsubscribe(ctx.db, body.email);
      return 'not-subscribed';
    },
  });
}
