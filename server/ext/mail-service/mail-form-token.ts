import { signToken, verifyToken } from '../../auth/signed-token';

/**
 * The token GET /get-token hands out and POST /send-email requires: signed by the server, valid
 * ten minutes. A page on another site cannot read it (the reply is JSON from our origin), so it
 * cannot make a visitor's browser send mail through the shop.
 */
const PURPOSE = 'mail-form';
export const MAIL_TOKEN_TTL_SECONDS = 10 * 60;

export function issueMailToken(secret: string, now = Date.now()): Promise<string> {
  return signToken(PURPOSE, {}, secret, MAIL_TOKEN_TTL_SECONDS, now);
}

export async function isValidMailToken(token: string, secret: string, now = Date.now()): Promise<boolean> {
  return (await verifyToken(PURPOSE, token, secret, now)) !== null;
}
