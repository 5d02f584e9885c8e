import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';
import { signGroupToken, verifyGroupToken } from './group-token';
import { signToken, verifyToken } from './signed-token';

const SECRET = 'test-secret';

describe('group token', () => {
  it('carries the group and the customer', () => {
    const token = signGroupToken({ groupId: 1, customerId: '42' }, SECRET, 60);
    expect(verifyGroupToken(token, SECRET)).toEqual({ groupId: 1, customerId: '42' });
  });

  it('is refused when expired, forged or signed with another secret', () => {
    const now = Date.now();
    const token = signGroupToken({ groupId: 1, customerId: '42' }, SECRET, 60, now);
    expect(verifyGroupToken(token, SECRET, now + 61_000)).toBeNull();
    expect(verifyGroupToken(token, 'other-secret', now)).toBeNull();
    const [payload, signature] = token.split('.') as [string, string];
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), group_id: 9 })).toString('base64url');
    expect(verifyGroupToken(`${raised}.${signature}`, SECRET, now)).toBeNull();
  });

  it('cannot pass as another kind of token, nor an access token as a group token', () => {
    const group = signGroupToken({ groupId: 1, customerId: '42' }, SECRET, 60);
    expect(verifyToken('mail-form', group, SECRET)).toBeNull();
    expect(verifyAccessToken(group, SECRET)).toBeNull();
    expect(verifyGroupToken(signAccessToken({ sub: '42', groupId: 1 }, SECRET, 60), SECRET)).toBeNull();
    expect(verifyToken('mail-form', signToken('mail-form', { a: 1 }, SECRET, 60), SECRET)).toMatchObject({ a: 1 });
  });
});
