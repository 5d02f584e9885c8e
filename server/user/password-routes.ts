import type { FastifyInstance } from 'fastify';
import { changePasswordBody, createPasswordBody, resetPasswordBody } from '../../schemas/api/user';
import { clearAttempts, enforceLimits, throttleRule } from '../auth/attempt-throttle';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { revokeAllForCustomer } from '../auth/refresh-tokens';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { deliverQueuedMail, queueMail } from '../mail/send-mail';
import { findCustomerByEmail, setCustomerPassword } from './customer-store';
import { requireCustomer } from './current-customer';
import { admitLoginAttempt, loginAccountKey, loginSucceeded } from './login-guard';
import { consumeResetToken, issueResetToken, resetPasswordMail, resetTokenIsLive } from './password-reset';
import { USER_MESSAGES } from './user-messages';
import { passwordChangedMail } from './account-change-mails';

export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/change-password',
    summary: 'Change the password (needs the current one); ends every session, so the client signs in again',
    tags: ['user'],
    auth: 'required',
    body: changePasswordBody,
    result: { type: 'boolean' },
    handler: async ({ auth, body, request }) => {
      const customer = await requireCustomer(ctx.db, auth);
      // Guessing the current password with a stolen access token counts like failed sign-ins.
      await admitLoginAttempt(ctx.db, customer.email, request.ip, ctx.config.limits);
      if (!(await verifyPassword(body.currentPassword, customer.password_hash))) throw badRequest(USER_MESSAGES.wrongCurrentPassword);
      await loginSucceeded(ctx.db, customer.email, request.ip);
      const passwordHash = await hashPassword(body.newPassword);
      const mailId = await ctx.db.transaction(async (tx) => {
        await setCustomerPassword(tx, Number(customer.id), passwordHash);
        await revokeAllForCustomer(tx, Number(customer.id));
        return queueMail(tx, passwordChangedMail(ctx.config, customer.email, customer.firstname));
      });
      await deliverQueuedMail(ctx.db, ctx.config, mailId, ctx.log);
      return true;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/reset-password',
    summary: 'Mail a single-use link (valid one hour) to choose a new password',
    tags: ['user'],
    body: resetPasswordBody,
    result: { type: 'boolean' },
    limit: 'resetRequests',
    handler: async ({ body, request }) => {
      // Reset mails per address and per client, across processes: enough for a forgetful shopper, useless for mail bombing.
      await enforceLimits(ctx.db, [
        { key: `reset:email:${body.email}`, rule: throttleRule(ctx.config.limits.resetMailsPerEmail) },
        { key: `reset:ip:${request.ip}`, rule: throttleRule(ctx.config.limits.resetMailsPerAddress) },
      ]);
      const customer = await findCustomerByEmail(ctx.db, body.email);
      if (!customer) throw badRequest(USER_MESSAGES.unknownEmail);
      const mailId = await ctx.db.transaction(async (tx) => {
        const token = await issueResetToken(tx, Number(customer.id));
        return queueMail(tx, resetPasswordMail(ctx.config, customer.email, customer.firstname, token));
      });
      await deliverQueuedMail(ctx.db, ctx.config, mailId, ctx.log);
      return true;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/create-password',
    summary: 'Set a new password with the reset link token (single use); ends every session',
    tags: ['user'],
    body: createPasswordBody,
    result: { type: 'boolean' },
    limit: 'createPassword',
    handler: async ({ body }) => {
      // The slow hash (16 MiB, one of libuv's four threads) runs only for a live link: a flood of made-up
      // tokens costs a lookup each. The link is used up below, in one conditional update, after the hash.
      if (!(await resetTokenIsLive(ctx.db, body.email, body.resetToken))) throw badRequest(USER_MESSAGES.invalidResetToken);
      const passwordHash = await hashPassword(body.newPassword);
      const done = await ctx.db.transaction(async (tx) => {
        const customerId = await consumeResetToken(tx, body.email, body.resetToken);
        if (customerId === undefined) return false;
        await setCustomerPassword(tx, customerId, passwordHash);
        await revokeAllForCustomer(tx, customerId);
        return true;
      });
      if (!done) throw badRequest(USER_MESSAGES.invalidResetToken);
      // Whoever proved access to the mailbox may sign in at once, even after a lock-out.
      await clearAttempts(ctx.db, loginAccountKey(body.email));
      return true;
    },
  });
}
