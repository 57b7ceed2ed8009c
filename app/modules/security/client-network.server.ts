import { isIPv4, isIPv6 } from "node:net";
import { pseudonym } from "./pseudonym.server";

/**
 * The network a visitor's address belongs to, as the caps per client count it: an IPv4 address
 * itself, an IPv6 address's /64 (one subscriber's prefix, inside which they may change address at
 * will); null for anything that is not an address.
 */
export function clientNetwork(ip: string): string | null {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  // An IPv4 tail (64:ff9b::192.0.2.1) fills the last two groups, past the /64 either way.
  const groupsOf = (part: string | undefined) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const [head, tail] = address.split("::");
  const first = groupsOf(head);
  const last = groupsOf(tail);
  const groups = [...first, ...Array<string>(8 - first.length - last.length).fill("0"), ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** The keyed hash of the request's network, as orders keep it: never the address itself. */
export function networkPseudonym(ip: string): string | null {
  const network = clientNetwork(ip);
  return network ? pseudonym(network) : null;
}
