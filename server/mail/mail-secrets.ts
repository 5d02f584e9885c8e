/**
 * Mail as the shop owner's outbox view shows it: a password reset or activation link keeps its place
 * and address, but not its secret. Whoever reads the outbox (support, a packing station's token with
 * the mail scope) could otherwise take over the account the link was for.
 */
const SECRET_PARAM = /([?&](?:token|resetToken|activationToken|key|code)=)[^&\s"'<>]+/gi;

export const HIDDEN = '[hidden]';

export const withoutSecrets = (text: string): string => text.replace(SECRET_PARAM, `$1${HIDDEN}`);
