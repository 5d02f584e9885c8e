import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may be sent (DESIGN "Abuse limits"): a receiver on the public internet, over https.
 * Loopback, private, link-local, multicast and other non-public addresses (a cloud's metadata service at
 * 169.254.169.254, the database, the shop itself) are refused when an endpoint is added and again at
 * each delivery after DNS resolution, since a name that was public when added may point inside later.
 * `WEBHOOK_ALLOWED_HOSTS` lists hosts (names or addresses) and CIDRs that may be used anyway, over plain
 * http too: receivers on the same machine in development and tests.
 */
export interface AllowedHosts {
  names: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

export const NO_ALLOWED_HOSTS: AllowedHosts = { names: new Set(), ranges: [] };

/** Parses `WEBHOOK_ALLOWED_HOSTS`; a bad entry stops the start with its text. */
export function parseAllowedHosts(text: string | undefined): AllowedHosts {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of (text ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a CIDR range`);
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (/^[a-z0-9.:[\]-]+$/.test(entry)) names.add(unbracket(entry));
    else throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a host name, an address or a CIDR range`);
  }
  return { names, ranges };
}

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

function inAllowedRange(address: string, allowed: AllowedHosts): boolean {
  const parsed = ipaddr.process(address);
  return allowed.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

/** A public unicast address: anything else (loopback, private, link-local, multicast, reserved, ...) stays inside. */
export const isPublicAddress = (address: string): boolean => ipaddr.process(address).range() === 'unicast';

const addressAllowed = (address: string, allowed: AllowedHosts) => isPublicAddress(address) || allowed.names.has(address) || inAllowedRange(address, allowed);

export const DESTINATION_MESSAGES = {
  https: 'Webhook URLs must use https (plain http only for a host listed in WEBHOOK_ALLOWED_HOSTS).',
  inside: (host: string, address: string) =>
    `The host ${host} is a loopback, private, link-local or other non-public address (${address}); webhooks go to public receivers only, unless the host is listed in WEBHOOK_ALLOWED_HOSTS.`,
  unresolved: (host: string) => `The host ${host} could not be resolved.`,
} as const;

export class DestinationRefused extends Error {}

export type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks a webhook URL: https (or an allowed host), and every address its host resolves to public (or
 * allowed). Throws DestinationRefused with the reason for the owner.
 */
export async function checkDestination(url: string, allowed: AllowedHosts, resolve: Resolve = resolveAll): Promise<void> {
  const parsed = new URL(url);
  const host = unbracket(parsed.hostname.toLowerCase());
  if (allowed.names.has(host)) return;
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new DestinationRefused(DESTINATION_MESSAGES.unresolved(host));
  const inside = addresses.find((a) => !addressAllowed(a, allowed));
  if (inside) throw new DestinationRefused(DESTINATION_MESSAGES.inside(host, inside));
  const everyAddressInAllowedRange = addresses.every((a) => inAllowedRange(a, allowed));
  if (parsed.protocol !== 'https:' && !everyAddressInAllowedRange) throw new DestinationRefused(DESTINATION_MESSAGES.https);
}

type LookupCallback = (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for the delivery's connection: resolves the host as Node would and refuses to connect to
 * an address that is not allowed, so the checked address is the one connected to (a name cannot
 * resolve to a public address for the check and to an inside one for the connection).
 */
export function guardedLookup(allowed: AllowedHosts, resolve: Resolve = resolveAll) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const name = unbracket(host.toLowerCase());
    resolve(name).then(
      (addresses) => {
        const inside = addresses.find((a) => !allowed.names.has(name) && !addressAllowed(a, allowed));
        if (addresses.length === 0) return callback(new DestinationRefused(DESTINATION_MESSAGES.unresolved(name)), '');
        if (inside) return callback(new DestinationRefused(DESTINATION_MESSAGES.inside(name, inside)), '');
        const found = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) return callback(null, found);
        return callback(null, found[0]!.address, found[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}
