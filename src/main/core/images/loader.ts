import type { Clock, TimerHandle } from '../clock'
import { fetchImage, type ImageNet, type ImageRequest } from './fetch-image'
import { articleImageChecks, avatarChecks, type ImageChecks } from './policy'
import { systemImageNet } from './system-net'

/**
 * The images the window shows, fetched here and handed over as `data:` URLs (the page's CSP allows
 * no remote image at all): wiki avatars, kept in memory for the inbox list, and an article's images
 * when the policy allows them (policy.ts).
 */
export interface ImageLoaderDeps {
  clock: Clock
  /** Read on each use: the services and the setting may change while the app runs. */
  wikiUrl: () => string
  wikiImages: () => boolean
  /** The system's resolver and HTTPS in the app; tests point it at local servers. */
  net?: ImageNet
}

export interface ImageLoader {
  /** An avatar already here; one not asked for yet is fetched meanwhile (then `onAvatars`). */
  avatar(url: string | undefined): string | undefined
  /**
   * The avatar, fetched now if need be, but waited for at most AVATAR_WAIT_MS: the article's text
   * does not wait for a slow avatar (which is then kept for the next time).
   */
  fetchAvatar(url: string | undefined): Promise<string | undefined>
  /** Called when avatars fetched in the background arrived; returns the unsubscribe function. */
  onAvatars(listener: () => void): () => void
  /** Avatars that could not be fetched may be tried again (after a refresh of the list). */
  retryFailed(): void
  /** An article's images, in order; null for each one not allowed or not fetched. */
  articleImages(urls: readonly string[], asked: boolean): Promise<(string | null)[]>
}

const AVATAR: Omit<ImageRequest, keyof ImageChecks> = { maxBytes: 256 * 1024, timeoutMs: 5_000 }
const AVATAR_WAIT_MS = 1_000
const ARTICLE_IMAGE: Omit<ImageRequest, keyof ImageChecks> = { maxBytes: 2 * 1024 * 1024, timeoutMs: 15_000 }
/** What one article may hand the window (data: URL characters), and how many fetches run at once. */
const ARTICLE_TOTAL_BYTES = 24 * 1024 * 1024
const PARALLEL = 4
/** Distinct senders remembered; the oldest are dropped first. */
const MAX_AVATARS = 300

export function createImageLoader(deps: ImageLoaderDeps): ImageLoader {
  const net = deps.net ?? systemImageNet
  /** data: URL, or null for one that failed (until `retryFailed`). */
  const avatars = new Map<string, string | null>()
  const inflight = new Map<string, Promise<string | undefined>>()
  const listeners = new Set<() => void>()
  /** An avatar arrived since listeners were last told: they are told once the batch is done. */
  let arrived = false
  // A long list names many senders: the wiki host is asked for PARALLEL avatars at a time.
  let active = 0
  const waiting: (() => void)[] = []
  const inTurn = async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished fetch hands its turn straight to the next in line.
    if (active < PARALLEL) active++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }

  const getAvatar = (url: string): Promise<string | undefined> => {
    const known = avatars.get(url)
    if (known !== undefined) return Promise.resolve(known ?? undefined)
    let pending = inflight.get(url)
    if (!pending) {
      const checks = avatarChecks(deps.wikiUrl())
      pending = inTurn(() => fetchImage(net, deps.clock, url, { ...AVATAR, ...checks })).then((data) => {
        inflight.delete(url)
        avatars.set(url, data ?? null)
        if (avatars.size > MAX_AVATARS) avatars.delete(avatars.keys().next().value!)
        return data
      })
      inflight.set(url, pending)
    }
    return pending
  }

  return {
    avatar(url) {
      if (!url) return undefined
      const known = avatars.get(url)
      if (known === undefined && !inflight.has(url))
        void getAvatar(url).then((data) => {
          arrived ||= data !== undefined
          if (!arrived || inflight.size > 0) return
          arrived = false
          for (const l of listeners) l()
        })
      return known ?? undefined
    },
    async fetchAvatar(url) {
      if (!url) return undefined
      let timer: TimerHandle | undefined
      const late = new Promise<undefined>(
        (resolve) => (timer = deps.clock.setTimeout(() => resolve(undefined), AVATAR_WAIT_MS))
      )
      try {
        return await Promise.race([getAvatar(url), late])
      } finally {
        deps.clock.clearTimeout(timer!)
      }
    },
    onAvatars(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    retryFailed() {
      for (const [url, data] of avatars) if (data === null) avatars.delete(url)
    },
    async articleImages(urls, asked) {
      const checks = articleImageChecks(urls, { wikiUrl: deps.wikiUrl(), wikiImages: deps.wikiImages(), asked })
      const out: (string | null)[] = urls.map(() => null)
      let total = 0
      let next = 0
      const worker = async () => {
        for (let i = next++; i < urls.length; i = next++) {
          const check = checks[i]
          if (!check || total > ARTICLE_TOTAL_BYTES) continue
          const data = await fetchImage(net, deps.clock, urls[i]!, { ...ARTICLE_IMAGE, ...check })
          total += data?.length ?? 0
          if (data && total <= ARTICLE_TOTAL_BYTES) out[i] = data
        }
      }
      await Promise.all(Array.from({ length: PARALLEL }, worker))
      return out
    }
  }
}
