import type { FastifyInstance } from 'fastify';
import { createCustomerBody, updateProfileBody } from '../../schemas/api/user';
import { signGroupToken } from '../auth/group-token';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { deliverQueuedMail, queueMail } from '../mail/send-mail';
import { insertAddresses, listAddresses, replaceAddresses } from './address-store';
import { findCustomerById, insertCustomer, isUniqueViolation, toApiCustomer, updateCustomerProfile, type CustomerRow } from './customer-store';
import { requireCustomer } from './current-customer';
import { USER_MESSAGES } from './user-messages';
import { emailChangedMail } from './account-change-mails';
import { admitLoginAttempt, loginSucceeded } from './login-guard';

/** The current password, counted like a sign-in (guessing it with a stolen token meets the same limits). */
async function checkCurrentPassword(ctx: AppContext, customer: CustomerRow, password: string | undefined, ip: string): Promise<void> {
  if (!password) throw badRequest(USER_MESSAGES.currentPasswordForEmail);
  await admitLoginAttempt(ctx.db, customer.email, ip, ctx.config.limits);
  if (!(await verifyPassword(password, customer.password_hash))) throw badRequest(USER_MESSAGES.wrongCurrentPassword);
  await loginSucceeded(ctx.db, customer.email, ip);
}

const customerReply = {
  type: 'object',
  properties: { id: { type: 'integer' }, group_id: { type: 'integer' }, email: { type: 'string' }, firstname: { type: 'string' }, lastname: { type: 'string' }, created_at: { type: 'string' }, addresses: { type: 'array' } },
};

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/create',
    summary: 'Register a customer account (group 1); replies with the customer, never the password',
    tags: ['user'],
    body: createCustomerBody,
    result: customerReply,
    limit: 'signUp',
    handler: async ({ body }) => {
      const { customer: input } = body;
      const passwordHash = await hashPassword(body.password);
      const created = await ctx.db.transaction(async (tx) => {
        const row = await insertCustomer(tx, { email: input.email, passwordHash, firstname: input.firstname, lastname: input.lastname });
        if (!row) return undefined;
        await insertAddresses(tx, Number(row.id), input.addresses);
        return toApiCustomer(row, await listAddresses(tx, Number(row.id)));
      });
      if (!created) throw badRequest(USER_MESSAGES.duplicateEmail);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/user/me',
    summary: "The signed-in customer's profile and addresses, with the groupToken the catalogue trusts for group prices",
    tags: ['user'],
    auth: 'required',
    result: { ...customerReply, properties: { ...customerReply.properties, groupToken: { type: 'string' } } },
    handler: async ({ auth }) => {
      const customer = await requireCustomer(ctx.db, auth);
      const groupToken = await signGroupToken({ groupId: Number(customer.group_id), customerId: String(customer.id) }, ctx.secrets.authSecret, ctx.config.refreshTokenTtlSeconds);
      return { ...toApiCustomer(customer, await listAddresses(ctx.db, Number(customer.id))), groupToken };
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/me',
    summary: 'Update the profile: only firstname, lastname, email and addresses (the full list) may change',
    tags: ['user'],
    auth: 'required',
    body: updateProfileBody,
    result: customerReply,
    handler: async ({ auth, body, request }) => {
      const input = body.customer;
      const before = await requireCustomer(ctx.db, auth);
      const newEmail = input.email !== undefined && input.email !== before.email ? input.email : undefined;
      if (newEmail !== undefined) await checkCurrentPassword(ctx, before, body.currentPassword, request.ip);
      try {
        const { reply, mailId } = await ctx.db.transaction(async (tx) => {
          // The row lock serialises two updates of one profile (two tabs saving at once).
          const current = await requireCustomer(tx, auth, true);
          const id = Number(current.id);
          if (input.addresses) await replaceAddresses(tx, id, input.addresses);
          await updateCustomerProfile(tx, id, {
            email: newEmail ?? current.email,
            firstname: input.firstname ?? current.firstname,
            lastname: input.lastname ?? current.lastname,
          });
          const updated = await findCustomerById(tx, id);
          const told = newEmail !== undefined && newEmail !== current.email ? await queueMail(tx, emailChangedMail(ctx.config, current.email, current.firstname, newEmail)) : undefined;
          return { reply: toApiCustomer(updated ?? current, await listAddresses(tx, id)), mailId: told };
        });
        if (mailId !== undefined) await deliverQueuedMail(ctx.db, ctx.config, mailId, ctx.log);
        return reply;
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(USER_MESSAGES.duplicateEmail);
        throw error;
      }
    },
  });
}
