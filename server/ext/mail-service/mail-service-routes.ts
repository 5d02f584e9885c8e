import type { FastifyInstance } from 'fastify';
import { sendEmailBody, sendInvoiceBody } from '../../../schemas/api/ext';
import { enforceLimits } from '../../auth/attempt-throttle';
import type { AppContext } from '../../context';
import { ApiError, badRequest, forbidden, notFound } from '../../http/api-error';
import { defineRoute } from '../../http/define-route';
import { sendMail } from '../../mail/send-mail';
import { requireCustomer } from '../../user/current-customer';
import { findOrder } from '../../user/order-history-query';
import { publicLimits } from '../public-limits';
import { invoiceMail } from './invoice-mail';
import { MAIL_TOKEN_TTL_SECONDS, isValidMailToken, issueMailToken } from './mail-form-token';

const BASE = '/api/ext/mail-service';

/**
 * The mail service (SPEC §7 "Content"). Not an open relay: a message can only go to the shop;
 * the sender may get an acknowledgement the server writes itself, and invoices go only to the
 * address on the customer's own order.
 */
export function registerMailServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: `${BASE}/get-token`,
    summary: `A token (valid ${MAIL_TOKEN_TTL_SECONDS / 60} minutes) that send-email requires`,
    tags: ['mail'],
    result: { type: 'string' },
    handler: async () => issueMailToken(ctx.secrets.authSecret),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${BASE}/send-email`,
    summary: 'Send a message to the shop; with `confirmation` the sender also gets an acknowledgement',
    tags: ['mail'],
    body: sendEmailBody,
    result: { type: 'boolean' },
    limit: 'forms',
    handler: async ({ body, request }) => {
      if (!(await isValidMailToken(body.token, ctx.secrets.authSecret))) throw new ApiError(401, 'Email is not authorized!');
      if (body.targetAddress.toLowerCase() !== ctx.config.shopEmail.toLowerCase()) throw forbidden(`Target email address (${body.targetAddress}) is not allowed`);
      if (body.confirmation && !body.sourceAddress) throw badRequest('sourceAddress: is required for a confirmation');
      await enforceLimits(ctx.db, [
        { key: `mail:ip:${request.ip}`, rule: publicLimits(ctx.config.limits).mailPerAddress },
        ...(body.confirmation && body.sourceAddress ? [{ key: `mail:to:${body.sourceAddress.toLowerCase()}`, rule: publicLimits(ctx.config.limits).mailPerRecipient }] : []),
      ]);
      await sendMail(ctx.db, ctx.config, { to: ctx.config.shopEmail, replyTo: body.sourceAddress, subject: body.subject, text: body.emailText });
      if (body.confirmation && body.sourceAddress) {
        await sendMail(ctx.db, ctx.config, {
          to: body.sourceAddress,
          subject: 'We received your message',
          text: `Thank you for contacting us. We received your message and will reply soon.\n\n${ctx.config.publicUrl}`,
        });
      }
      return true;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${BASE}/send-invoice`,
    summary: "Mail the invoice of one of the signed-in customer's orders to the order's e-mail",
    tags: ['mail'],
    auth: 'required',
    body: sendInvoiceBody,
    result: { type: 'boolean' },
    handler: async ({ auth, body }) => {
      const customer = await requireCustomer(ctx.db, auth);
      const order = await findOrder(ctx.db, body.orderId);
      if (!order) throw notFound('Order not found');
      if (order.customer_id !== String(customer.id)) throw forbidden('This order belongs to another customer');
      await enforceLimits(ctx.db, [{ key: `invoice:customer:${customer.id}`, rule: publicLimits(ctx.config.limits).mailPerAddress }]);
      await sendMail(ctx.db, ctx.config, invoiceMail(ctx.config, order));
      return true;
    },
  });
}
