import { isPublicAddress } from '../net/public-address.js';
import { InboundRefusal } from './audience.js';

/**
 * Names that never lead to a public site: `localhost` and its subdomains (RFC 6761), multicast DNS
 * (`.local`), the home network's `.home.arpa`, and the private-use `.internal`, `.localdomain` and
 * `.lan`. A name of one label (`http://intranet/`) is the campus network's own, not the internet's.
 */
const LOCAL_SUFFIXES = ['localhost', 'local', 'home.arpa', 'internal', 'localdomain', 'lan'];

const isLocalName = (host: string) =>
  !host.includes('.') || LOCAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`));

/** What a refused link should have been, by the field that carried it. */
const RULE = {
  action_link: 'an action link must be a public http(s) address or a path of the portal',
  online_link: 'an online link must be a public https address',
} as const;

/**
 * Refuses (400) an item's `action_link`, or an appointment's `online_link` (`field`), to an address
 * that is not on the internet: an IP literal outside public unicast (`net/public-address.ts`, the
 * rule of every connection the server makes on someone else's word: loopback, private, link-local —
 * the cloud metadata at 169.254.169.254 —, unique-local…), or a local name. The portal never
 * fetches the link, but every recipient's browser would follow it from inside their network,
 * towards their router, a campus service or the machine itself. A path of the portal (`/account`) is the portal's own and stays allowed. A public
 * name is not resolved: what it points to is up to its owner, as for any link on the web.
 * The contract has already checked and normalised the link (`contract/link.rules.ts`), so a numeric
 * host in any spelling (`http://2130706433/`, `http://0x7f.1/`) reaches here as dotted IPv4.
 */
export function refuseInternalLink(
  link: string | null | undefined,
  field: keyof typeof RULE = 'action_link',
): void {
  if (link === null || link === undefined || !/^https?:\/\//i.test(link)) return;
  const host = new URL(link).hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const literal = /^[\d.]+$/.test(host) || host.includes(':');
  if (literal ? isPublicAddress(host) : !isLocalName(host.toLowerCase())) return;
  throw new InboundRefusal(
    400,
    `${field} ${link} leads to ${literal ? 'a private, loopback or link-local address' : 'a local name'}: ${RULE[field]}.`,
  );
}
