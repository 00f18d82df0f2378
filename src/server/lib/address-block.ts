import { isIPv4, isIPv6 } from 'node:net';

/**
 * The block a client address belongs to, for limits that one person or one network should share: the
 * /24 of an IPv4 address ('203.0.113.0/24') and the /64 of an IPv6 one ('2001:db8:0:7::/64', the
 * prefix a single home or host is given, so its 2^64 addresses are one client). An IPv4 address
 * mapped into IPv6 ('::ffff:203.0.113.9', as a dual-stack socket reports it) is the IPv4 block.
 * Anything that is not an address is its own block.
 */
export function addressBlock(address: string): string {
  if (isIPv4(address)) return ipv4Block(address);
  if (!isIPv6(address)) return address;
  const hextets = ipv6Hextets(address);
  const mapped = hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff;
  if (mapped) return ipv4Block([hextets[6]! >> 8, hextets[6]! & 255, hextets[7]! >> 8].join('.'));
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

function ipv4Block(address: string): string {
  const [a, b, c] = address.split('.');
  return `${Number(a)}.${Number(b)}.${Number(c)}.0/24`;
}

/** The eight 16-bit groups of a valid IPv6 address: '::' expanded, a zone dropped, an IPv4 tail as two groups. */
function ipv6Hextets(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const parts =
    tail === undefined
      ? groups(head)
      : [
          ...groups(head),
          ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'),
          ...groups(tail),
        ];
  return parts.map((p) => Number.parseInt(p, 16));
}
