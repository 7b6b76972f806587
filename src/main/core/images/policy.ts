import { BlockList, isIP } from 'node:net'

/**
 * Which remote images the window may show, decided here and nowhere else. Onair otherwise talks
 * only to the two services the user signed in to; an image from anyone else is a tracking pixel
 * until the user asks for it. The wiki's own host is its address's host or any subdomain of it
 * (communities and avatars live on subdomains: `anime-club.wiki.example`, `avatars.wiki.example`).
 */
export function onWikiHost(url: URL, wikiUrl: string): boolean {
  let wiki: string
  try {
    wiki = new URL(wikiUrl).hostname
  } catch {
    return false
  }
  return wiki !== '' && (url.hostname === wiki || url.hostname.endsWith(`.${wiki}`))
}

/**
 * Addresses of this machine and its network, which an article's image must not make us ask
 * (an IPv4-mapped IPv6 address is checked against the IPv4 rules by BlockList itself).
 */
const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16]
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10]
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/**
 * A host named in an article, not on this machine or its network by its address (a name that
 * resolves to one is not caught here; the image is still only shown, never run).
 */
export function isPublicHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return false
  const family = isIP(host)
  return family === 0 || !PRIVATE.check(host, family === 4 ? 'ipv4' : 'ipv6')
}

export interface ArticleImagePolicy {
  wikiUrl: string
  /** The setting "Always load images from the wiki's own host". */
  wikiImages: boolean
  /** The user pressed "Load images" on this article. */
  asked: boolean
}

/**
 * Which of an article's images to fetch now, and where a redirect may lead: asked, to the hosts
 * of the article's own images (the ones the user just allowed); otherwise only the wiki's host,
 * and only with the setting on. Returns, per URL, the check its fetch uses, or undefined to skip it.
 */
export function articleImageChecks(
  urls: readonly string[],
  policy: ArticleImagePolicy
): (((url: URL) => boolean) | undefined)[] {
  const wiki = (u: URL) => onWikiHost(u, policy.wikiUrl)
  if (!policy.asked) return urls.map((u) => (policy.wikiImages && wiki(new URL(u)) ? wiki : undefined))
  const hosts = new Set(urls.map((u) => new URL(u).host))
  // The wiki's own host may be on the user's network (a self-hosted wiki); anyone else's may not.
  const allowed = (u: URL) => hosts.has(u.host) && (isPublicHost(u) || wiki(u))
  return urls.map(() => allowed)
}

/** An avatar is the wiki's to show, never a third party's. */
export const avatarCheck = (wikiUrl: string) => (url: URL) => onWikiHost(url, wikiUrl)
