import type { AuthClaims } from '../../auth/authenticate';
import { signToken, verifyToken } from '../../auth/signed-token';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { findCustomerById } from '../../user/customer-store';

/**
 * Who may read or end a subscription: the signed-in owner of the address (the access token's
 * account has that e-mail), or whoever holds the signed unsubscribe link of a mail sent to it.
 */
const UNSUBSCRIBE = 'newsletter-unsubscribe';
/** Unsubscribe links in old mails keep working for a long time (a year). */
const UNSUBSCRIBE_TTL_SECONDS = 365 * 86_400;

export const NEWSLETTER_PROOF_MESSAGES = {
  status: 'Sign in with this e-mail address to see its newsletter subscription.',
  unsubscribe: 'Use the unsubscribe link in one of our newsletter mails, or sign in with this e-mail address, to unsubscribe it.',
} as const;

export function unsubscribeToken(ctx: Pick<AppContext, 'secrets'>, email: string): Promise<string> {
  return signToken(UNSUBSCRIBE, { email: email.toLowerCase() }, ctx.secrets.authSecret, UNSUBSCRIBE_TTL_SECONDS);
}

/** The address a genuine unsubscribe token names, or undefined. */
export async function unsubscribeTokenEmail(ctx: Pick<AppContext, 'secrets'>, token: string): Promise<string | undefined> {
  const claims = await verifyToken(UNSUBSCRIBE, token, ctx.secrets.authSecret);
  return typeof claims?.email === 'string' ? claims.email : undefined;
}

/** Whether the signed-in caller's account has this address. */
export async function ownsAddress(ctx: Pick<AppContext, 'db'>, auth: AuthClaims | null, email: string): Promise<boolean> {
  if (!auth) return false;
  const customer = await findCustomerById(ctx.db, Number(auth.sub));
  return customer !== undefined && customer.email.toLowerCase() === email.toLowerCase();
}

export async function requireOwner(ctx: Pick<AppContext, 'db'>, auth: AuthClaims | null, email: string, message: string): Promise<void> {
  if (!(await ownsAddress(ctx, auth, email))) throw new ApiError(403, message);
}
