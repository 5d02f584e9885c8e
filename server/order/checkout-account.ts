import * as v from 'valibot';
import { passwordField } from '../../schemas/forms/form-fields';
import { hashPassword } from '../auth/password-hash';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import { insertCustomer } from '../user/customer-store';
import { USER_MESSAGES } from '../user/user-messages';

export interface AccountToCreate {
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
}

/** "I want to create an account" at checkout (SPEC §6): checks and hashes the password before the order's transaction. */
export async function prepareCheckoutAccount(input: { password: string; email: string; firstname: string; lastname: string }): Promise<AccountToCreate> {
  const password = v.safeParse(passwordField, input.password);
  if (!password.success) throw new ApiError(400, password.issues[0].message, { field: 'password' });
  return { email: input.email, passwordHash: await hashPassword(password.output), firstname: input.firstname, lastname: input.lastname };
}

/**
 * Creates the account inside the order's transaction, so the order and the account exist together
 * or not at all. A taken e-mail refuses the order (the shopper should log in instead).
 */
export async function createCheckoutAccount(tx: Queryable, account: AccountToCreate): Promise<string> {
  const row = await insertCustomer(tx, account);
  if (!row) throw new ApiError(400, USER_MESSAGES.duplicateEmail, { field: 'email' });
  return String(row.id);
}
