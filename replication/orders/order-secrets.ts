/**
 * An account password typed at checkout travels with the order once and is never stored on the
 * device: the stored body has none (the server's order identity does not include it either, so a
 * resend without it is the same order).
 */
export function withoutPassword(body: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown) => {
    if (!value || typeof value !== 'object') return value;
    const { password: _p, ...rest } = value as Record<string, unknown>;
    return rest;
  };
  const details = body.personalDetails as Record<string, unknown> | undefined;
  const account = body.createAccount;
  const hasSecret = Boolean(details && typeof details === 'object' && 'password' in details) || Boolean(account && typeof account === 'object' && 'password' in account);
  if (!hasSecret) return body;
  return {
    ...body,
    ...(details ? { personalDetails: strip(details) } : {}),
    ...(account && typeof account === 'object' ? { createAccount: strip(account) } : {}),
  };
}
