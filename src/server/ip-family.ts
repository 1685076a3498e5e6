// net.isIP without its first-use cost where it can be avoided: Node's IPv6 pattern is a large regular expression whose
// compilation on first use took 5–30 ms of start-up (certificate SANs are checked on every start). Every IPv6 form
// has a colon, so a string without one needs only the IPv4 test; '::1', in every default SAN list, is known.
import { isIPv4, isIPv6 } from 'node:net';

/** As net.isIP: 4, 6, or 0 when `s` is no IP address. */
export function ipFamily(s: string): 0 | 4 | 6 {
  if (!s.includes(':')) return isIPv4(s) ? 4 : 0;
  if (s === '::1') return 6;
  return isIPv6(s) ? 6 : 0;
}
