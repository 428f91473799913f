// Server-side request forgery guard of webhook deliveries, as Gitea's webhook.ALLOWED_HOST_LIST
// (modules/hostmatcher): a receiver's address must be allowed by the list (Config
// webhookAllowedHostList). Built-in words: `external` (public unicast addresses), `private`
// (RFC 1918, IPv6 unique local, carrier-grade NAT 100.64/10), `loopback`, `*` (anything); other
// entries are CIDRs (`10.1.0.0/16`) or host name globs (`*.example.com`, matched on the URL's
// host). Link-local, unspecified, multicast and reserved addresses are none of these: only `*` or a
// CIDR allows them. The check runs at connect time on every address the name resolves to (a
// custom `lookup`), so a name that resolves to an internal address — or starts to, DNS rebinding —
// is refused as well as a literal one.
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { globToRegExp } from './events.ts';

function blockList(v4: string[], v6: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const c of v4) {
    const [a, p] = c.split('/');
    list.addSubnet(a!, Number(p), 'ipv4');
  }
  for (const c of v6) {
    const [a, p] = c.split('/');
    list.addSubnet(a!, Number(p), 'ipv6');
  }
  return list;
}

const LOOPBACK = blockList(['127.0.0.0/8'], ['::1/128']);
const PRIVATE = blockList(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'], ['fc00::/7']);
/** Neither external nor private nor loopback: link-local, unspecified, multicast, reserved, documentation. */
const SPECIAL = blockList(
  ['0.0.0.0/8', '169.254.0.0/16', '224.0.0.0/4', '240.0.0.0/4', '192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24'],
  ['::/128', 'fe80::/10', 'ff00::/8', '2001:db8::/32', '64:ff9b::/96', '100::/64'],
);

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it maps. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

export type AddressKind = 'loopback' | 'private' | 'special' | 'external';

export function addressKind(ip: string): AddressKind {
  const { address, family } = plain(ip);
  if (LOOPBACK.check(address, family)) return 'loopback';
  if (PRIVATE.check(address, family)) return 'private';
  if (SPECIAL.check(address, family)) return 'special';
  return 'external';
}

export class HostGuard {
  readonly #words = new Set<string>();
  readonly #cidrs = new net.BlockList();
  readonly #hosts: RegExp[] = [];

  constructor(list: string[]) {
    for (const raw of list) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (['external', 'private', 'loopback', '*'].includes(entry)) this.#words.add(entry);
      else if (entry.includes('/') && net.isIP(entry.split('/')[0]!)) {
        const [a, p] = entry.split('/');
        this.#cidrs.addSubnet(a!, Number(p), net.isIPv4(a!) ? 'ipv4' : 'ipv6');
      } else if (net.isIP(entry)) this.#cidrs.addAddress(entry, net.isIPv4(entry) ? 'ipv4' : 'ipv6');
      else {
        try {
          this.#hosts.push(globToRegExp(entry));
        } catch {
          // A malformed entry allows nothing (Gitea logs and skips it).
        }
      }
    }
  }

  /** Whether a connection to `ip` for the URL host `host` is allowed. */
  allows(host: string, ip: string): boolean {
    if (this.#words.has('*')) return true;
    const h = host.toLowerCase().replace(/^\[|\]$/g, '');
    if (this.#hosts.some((re) => re.test(h))) return true;
    const { address, family } = plain(ip);
    if (this.#cidrs.check(address, family)) return true;
    const kind = addressKind(ip);
    return (kind === 'external' && this.#words.has('external')) || (kind !== 'special' && kind !== 'external' && this.#words.has(kind));
  }

  /** Refusal message for a literal address in a URL, or null when allowed (lookup is skipped for those). */
  checkLiteral(host: string): string | null {
    const h = host.replace(/^\[|\]$/g, '');
    if (!net.isIP(h)) return null;
    return this.allows(h, h) ? null : refusal(h, h);
  }

  /** A `lookup` for http.request that resolves the name and refuses it when any address is not allowed. */
  lookup(): LookupFunction {
    return (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 4);
        const list = addresses as dns.LookupAddress[];
        const bad = list.find((a) => !this.allows(hostname, a.address));
        if (bad) return callback(new RefusedAddressError(refusal(hostname, bad.address)), '', 4);
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        const first = list[0];
        if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
        callback(null, first.address, first.family);
      });
    };
  }
}

export class RefusedAddressError extends Error {}

const refusal = (host: string, ip: string) =>
  `webhook can only call allowed HTTP servers (check your webhook.ALLOWED_HOST_LIST setting, FORGE_WEBHOOK_ALLOWED_HOST_LIST), deny '${host}(${ip})'`;
