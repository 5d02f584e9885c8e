import { signToken, verifyToken } from './signed-token';

/**
 * The `groupToken` of SPEC §6: proves a customer's group to the catalogue (tier prices, group
 * restricted categories) without a database round trip. It lives as long as a refresh token; a
 * client that refreshes its session reloads the profile and gets a new one.
 */
const PURPOSE = 'group';

export interface GroupClaims {
  groupId: number;
  customerId: string;
}

export function signGroupToken(claims: GroupClaims, secret: string, ttlSeconds: number, now = Date.now()): Promise<string> {
  return signToken(PURPOSE, { group_id: claims.groupId, id: claims.customerId }, secret, ttlSeconds, now);
}

/** The group a request may price for; null when the token is missing, forged or expired. */
export async function verifyGroupToken(token: string, secret: string, now = Date.now()): Promise<GroupClaims | null> {
  const claims = await verifyToken(PURPOSE, token, secret, now);
  if (!claims || typeof claims.group_id !== 'number' || typeof claims.id !== 'string') return null;
  return { groupId: claims.group_id, customerId: claims.id };
}
