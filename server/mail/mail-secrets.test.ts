import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './mail-secrets';

describe('withoutSecrets', () => {
  it('hides the secret of a reset link and keeps the rest of the mail', () => {
    const text = 'Hello Ann,\n\nhttps://shop.example/create-password?email=ann%40example.com&token=Zx_9-abcDEF\n\nThe link works once.';
    expect(withoutSecrets(text)).toBe('Hello Ann,\n\nhttps://shop.example/create-password?email=ann%40example.com&token=[hidden]\n\nThe link works once.');
  });
  it('hides every secret parameter, wherever it stands, and leaves other parameters and prose alone', () => {
    expect(withoutSecrets('a /x?token=1&b=2 and /y?b=2&code=XYZ')).toBe('a /x?token=[hidden]&b=2 and /y?b=2&code=[hidden]');
    expect(withoutSecrets('Your token of thanks: a 10 % coupon, code SAVE10.')).toBe('Your token of thanks: a 10 % coupon, code SAVE10.');
  });
});
