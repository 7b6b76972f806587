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
  const allowed = (u: URL) => hosts.has(u.host)
  return urls.map(() => allowed)
}

/** An avatar is the wiki's to show, never a third party's. */
export const avatarCheck = (wikiUrl: string) => (url: URL) => onWikiHost(url, wikiUrl)
