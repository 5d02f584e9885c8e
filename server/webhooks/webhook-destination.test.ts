import { describe, expect, it } from 'vitest';
import { checkDestination, DESTINATION_MESSAGES, DestinationRefused, guardedLookup, isPublicAddress, NO_ALLOWED_HOSTS, parseAllowedHosts, type Resolve } from './webhook-destination';

/** A DNS of the test's own: names point where each case needs them to. */
const dns: Record<string, string[]> = {
  'erp.example.com': ['93.184.216.34'],
  'rebinding.example.com': ['93.184.216.34', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'v6-inside.example.com': ['::ffff:127.0.0.1'],
};
const resolve: Resolve = async (host) => dns[host] ?? [];
const refusal = (url: string, allowed = NO_ALLOWED_HOSTS) => checkDestination(url, allowed, resolve).then(() => null, (error: unknown) => (error instanceof DestinationRefused ? error.message : error));

describe('webhook destinations', () => {
  it('tells public unicast addresses from loopback, private, link-local, multicast and mapped ones', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '224.0.0.1', '100.64.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1'])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes a public https receiver; refuses inside addresses (literal or resolved, one of several is enough), unknown hosts and plain http', async () => {
    expect(await refusal('https://erp.example.com/hooks')).toBeNull();
    expect(await refusal('https://127.0.0.1/')).toBe(DESTINATION_MESSAGES.inside('127.0.0.1', '127.0.0.1'));
    expect(await refusal('https://[::1]:8443/')).toBe(DESTINATION_MESSAGES.inside('::1', '::1'));
    expect(await refusal('https://metadata.example.com/latest')).toBe(DESTINATION_MESSAGES.inside('metadata.example.com', '169.254.169.254'));
    expect(await refusal('https://rebinding.example.com/')).toBe(DESTINATION_MESSAGES.inside('rebinding.example.com', '10.0.0.5'));
    expect(await refusal('https://v6-inside.example.com/')).toBe(DESTINATION_MESSAGES.inside('v6-inside.example.com', '::ffff:127.0.0.1'));
    expect(await refusal('https://nowhere.example.com/')).toBe(DESTINATION_MESSAGES.unresolved('nowhere.example.com'));
    expect(await refusal('http://erp.example.com/hooks')).toBe(DESTINATION_MESSAGES.https);
  });

  it('lets listed hosts and ranges through, over http too', async () => {
    const allowed = parseAllowedHosts(' localhost , 10.0.0.0/8,metadata.example.com ');
    expect(await refusal('http://localhost:3001/', allowed)).toBeNull();
    expect(await refusal('http://10.20.30.40/', allowed)).toBeNull();
    expect(await refusal('http://metadata.example.com/', allowed)).toBeNull();
    expect(await refusal('http://127.0.0.1/', allowed)).toBe(DESTINATION_MESSAGES.inside('127.0.0.1', '127.0.0.1'));
    expect(() => parseAllowedHosts('10.0.0.0/99')).toThrow(/not a CIDR range/);
    expect(() => parseAllowedHosts('erp host')).toThrow(/not a host name/);
  });

  it('connects only to addresses it checked: the lookup refuses an inside answer and hands on a public one', async () => {
    const lookup = guardedLookup(NO_ALLOWED_HOSTS, resolve);
    const ask = (host: string, all: boolean) => new Promise<unknown>((done) => lookup(host, { all }, (error, address) => done(error ? error.message : address)));
    expect(await ask('erp.example.com', false)).toBe('93.184.216.34');
    expect(await ask('erp.example.com', true)).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await ask('rebinding.example.com', true)).toBe(DESTINATION_MESSAGES.inside('rebinding.example.com', '10.0.0.5'));
  });
});
