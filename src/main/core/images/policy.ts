import { BlockList, isIP } from 'node:net'

/**
 * Which remote images the window may show, decided here and nowhere else. Onair otherwise talks
 * only to the two services the user signed in to; an image from anyone else is a tracking pixel
 * until the user asks for it. The wiki's own host is its address's host or any subdomain of it
 * (communities and avatars live on subdomains: `anime-club.wiki.example`, `avatars.wiki.example`),
 * on the wiki address's own port: another port of the same machine is another service.
 */
export function onWikiHost(url: URL, wikiUrl: string): boolean {
  let wiki: URL
  try {
    wiki = new URL(wikiUrl)
  } catch {
    return false
  }
  const host = wiki.hostname
  return host !== '' && url.port === wiki.port && (url.hostname === host || url.hostname.endsWith(`.${host}`))
}

/**
 * Whether the wiki's host for `url` may resolve to the user's network: the wiki's very host may
 * (a self-hosted wiki, which Onair already talks to); a subdomain only when the wiki's host does
 * too (the same installation), which fetch-image.ts finds out by looking up the name returned here.
 */
function wikiLocal(url: URL, wikiUrl: string): boolean | string {
  if (!onWikiHost(url, wikiUrl)) return false
  const wiki = new URL(wikiUrl).hostname
  return url.hostname === wiki || wiki.replace(/^\[|\]$/g, '')
}

/**
 * IPv4 blocks no public server lives in (IANA's special-purpose address registry): "this network",
 * private, shared (CGNAT), loopback, link-local, protocol assignments, documentation, the old 6to4
 * relay, benchmarking, multicast, reserved and broadcast.
 */
const V4: [net: string, bits: number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3]
]
const hex4 = (net: string) => {
  const [a, b, c, d] = net.split('.').map(Number) as [number, number, number, number]
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
}
const PRIVATE = new BlockList()
for (const [net, bits] of V4) {
  PRIVATE.addSubnet(net, bits, 'ipv4')
  // The same machines reached through an IPv6 address that carries the IPv4 one: IPv4-mapped,
  // NAT64's well-known prefix, and 6to4 (a NAT64 network's public hosts stay reachable).
  PRIVATE.addSubnet(`::ffff:${net}`, 96 + bits, 'ipv6')
  PRIVATE.addSubnet(`64:ff9b::${net}`, 96 + bits, 'ipv6')
  PRIVATE.addSubnet(`2002:${hex4(net)}::`, 16 + bits, 'ipv6')
}
// IPv6: IPv4-compatible (with :: and ::1), local-use NAT64, discard-only, Teredo (whose client
// address is hidden), benchmarking, documentation (both), unique-local, link-local, site-local, multicast.
for (const [net, bits] of [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8]
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/** An address of this machine or a network around it (or none on the internet): never asked. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  return family !== 0 && !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Names only a local network answers (RFC 6762's list and the reserved `.home.arpa`, `.internal`,
 * `.localhost`), and names of a single label, which the resolver completes with the local domain.
 */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|lan|home|internal|intranet|private|corp|arpa)$/

/**
 * A host named in an article, before it is resolved: not a local name, not a local address. Its
 * addresses are checked once resolved, by the fetch (fetch-image.ts).
 */
export function isPublicHost(url: URL): boolean {
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  if (isIP(host)) return isPublicAddress(host)
  return host.includes('.') && !LOCAL_NAMES.test(host)
}

export interface ArticleImagePolicy {
  wikiUrl: string
  /** The setting "Always load images from the wiki's own host". */
  wikiImages: boolean
  /** The user pressed "Load images" on this article. */
  asked: boolean
}

/** Where a fetch may go (fetch-image.ts asks both at the first address and at every redirect). */
export interface ImageChecks {
  allowed: (url: URL) => boolean
  /**
   * Whether the host may resolve to an address on the user's network: true, false, or the name
   * of the host whose addresses decide (they must be local too). Only the wiki's host may.
   */
  mayBeLocal: (url: URL) => boolean | string
}

/**
 * Which of an article's images to fetch now, and where a redirect may lead: asked, to the hosts
 * of the article's own images (the ones the user just allowed), on the HTTPS port unless it is the
 * wiki's; otherwise only the wiki's host, and only with the setting on. Returns, per URL, the
 * checks its fetch uses, or undefined to skip it.
 */
export function articleImageChecks(urls: readonly string[], policy: ArticleImagePolicy): (ImageChecks | undefined)[] {
  const own = wikiChecks(policy.wikiUrl)
  if (!policy.asked) return urls.map((u) => (policy.wikiImages && own.allowed(new URL(u)) ? own : undefined))
  const hosts = new Set(urls.map((u) => new URL(u).host))
  // Another port on a public host is as much a probe of what listens there as a local address.
  const allowed = (u: URL) => hosts.has(u.host) && (own.allowed(u) || (isPublicHost(u) && u.port === ''))
  return urls.map(() => ({ allowed, mayBeLocal: own.mayBeLocal }))
}

/** The wiki's own images: its host and subdomains, on its port. */
const wikiChecks = (wikiUrl: string): ImageChecks => ({
  allowed: (url) => onWikiHost(url, wikiUrl),
  mayBeLocal: (url) => wikiLocal(url, wikiUrl)
})

/** An avatar is the wiki's to show, never a third party's. */
export const avatarChecks = wikiChecks
