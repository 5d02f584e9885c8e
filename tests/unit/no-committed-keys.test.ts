import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relayTlsIdentity } from '../helpers/smtp-relay';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Built from parts so that this file does not match itself.
const PRIVATE_KEY = new RegExp(['-----BEGIN', '(?:[A-Z]+ )?PRIVATE', 'KEY-----'].join(' '));

describe('private keys', () => {
  it('none is kept in the repository, not even a test one', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    const holding = files.filter((file) => {
      try {
        return PRIVATE_KEY.test(readFileSync(path.join(ROOT, file), 'utf8'));
      } catch {
        return false;
      }
    });
    expect(holding).toEqual([]);
  });

  it('the test relay makes its certificate for localhost and 127.0.0.1 when the tests start', async () => {
    const { key, cert } = await relayTlsIdentity();
    expect(key).toMatch(PRIVATE_KEY);
    const x509 = new X509Certificate(cert);
    expect(Date.now() - Date.parse(x509.validFrom)).toBeLessThan(60 * 60_000);
    expect(x509.subjectAltName).toContain('DNS:localhost');
    expect(x509.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
  });
});
