import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { deliverQueuedMail, queueMail } from '../../mail/send-mail';
import { CONFIRM_PATH, linkTo, UNSUBSCRIBE_PATH } from './newsletter-mails';
import { unsubscribeToken, unsubscribeTokenEmail } from './newsletter-proof';
import { subscribe, unsubscribe, useConfirmation } from './newsletter-store';
import { findNewsletterCoupon, welcomeMail } from './welcome-coupon';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back to the shop</a></p></main></body></html>`;
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** A page whose button sends the token: mail scanners open links, they do not submit forms. */
function askPage(reply: FastifyReply, path: string, token: string, title: string, text: string, button: string): FastifyReply {
  return page(
    reply,
    200,
    title,
    `<p>${escapeHtml(text)}</p><form method="post" action="${path}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(button)}</button></form>`,
  );
}

const tokenOf = (input: unknown): string | undefined => {
  const token = (input as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length <= 2048 ? token : undefined;
};

/**
 * The pages the newsletter mails link to: confirm a subscription (double opt-in; the link's secret
 * works once) and unsubscribe (a signed link, no sign-in). Opening a link shows a button; pressing
 * it (a form POST) does the change.
 */
export function registerNewsletterLinkPages(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    scope.get(CONFIRM_PATH, async (request, reply) => {
      const token = tokenOf(request.query);
      if (!token) return page(reply, 400, 'Link not valid', '<p>This confirmation link is incomplete. Open it again from the mail.</p>');
      return askPage(reply, CONFIRM_PATH, token, 'Confirm your subscription', 'Press the button to receive our newsletter at the address this link was sent to.', 'Confirm subscription');
    });

    scope.post(CONFIRM_PATH, async (request, reply) => {
      const token = tokenOf(request.body);
      const outcome = token
        ? await ctx.db.transaction(async (tx) => {
            const email = await useConfirmation(tx, token);
            if (!email) return undefined;
            if (!(await subscribe(tx, email))) return { mailId: undefined };
            const unsubscribeUrl = linkTo(ctx.config, UNSUBSCRIBE_PATH, await unsubscribeToken(ctx, email));
            return { mailId: await queueMail(tx, welcomeMail(ctx.config, email, await findNewsletterCoupon(tx), unsubscribeUrl)) };
          })
        : undefined;
      if (!outcome) return page(reply, 400, 'Link not valid', '<p>This confirmation link was used already or has expired. Subscribe again to get a new one.</p>');
      if (outcome.mailId !== undefined) await deliverQueuedMail(ctx.db, ctx.config, outcome.mailId, ctx.log);
      return page(reply, 200, 'You are subscribed', '<p>Thank you: your newsletter subscription is confirmed.</p>');
    });

    scope.get(UNSUBSCRIBE_PATH, async (request, reply) => {
      const token = tokenOf(request.query);
      if (!token) return page(reply, 400, 'Link not valid', '<p>This unsubscribe link is incomplete. Open it again from the mail.</p>');
      return askPage(reply, UNSUBSCRIBE_PATH, token, 'Unsubscribe', 'Press the button to stop receiving our newsletter at the address this link was sent to.', 'Unsubscribe');
    });

    scope.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const token = tokenOf(request.body);
      const email = token ? await unsubscribeTokenEmail(ctx, token) : undefined;
      if (!email) return page(reply, 400, 'Link not valid', '<p>This unsubscribe link is not valid. Sign in to change your newsletter subscription.</p>');
      await unsubscribe(ctx.db, email);
      return page(reply, 200, 'You are unsubscribed', '<p>You will not receive our newsletter any more.</p>');
    });
  });
}
