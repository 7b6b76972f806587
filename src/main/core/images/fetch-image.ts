import type { LookupAddress } from 'node:dns'
import type { Clock } from '../clock'
import { isPublicAddress, type ImageChecks } from './policy'

/**
 * Fetches one image for the window, in the main process, so the page never talks to the image's
 * server: no cookies, no referrer, a size limit, a timeout, and only bytes that really are an
 * image. The page gets a `data:` URL; anything else is `undefined` and the placeholder stays.
 *
 * The host is resolved here first and its addresses checked; the connection then goes to those
 * very addresses (no second lookup a name's owner could answer differently). A refused address is
 * never connected to, so how long a refusal takes tells an article's author nothing about what
 * listens on the user's network.
 */
export type ImageLookup = (host: string, how: LookupHow) => Promise<LookupAddress[]>
export interface LookupHow {
  /** The name may be one only the user's network knows (the wiki's): the system's resolver. */
  local: boolean
  /** The image was given up: a lookup still waiting is dropped. */
  signal: AbortSignal
}
/** An HTTPS GET of `url` connected only to `to` (the certificate still checked for the host's name). */
export type ImageFetch = (
  url: URL,
  to: LookupAddress[],
  init: { headers: Record<string, string>; signal: AbortSignal }
) => Promise<Response>
export interface ImageNet {
  lookup: ImageLookup
  fetch: ImageFetch
}

/** The first address and every redirect target are checked, by name and by address. */
export interface ImageRequest extends ImageChecks {
  maxBytes: number
  timeoutMs: number
}

const MAX_REDIRECTS = 3

/** The image formats a page can show, told by their first bytes (the header alone can lie). */
const SIGNATURES: [type: string, offset: number, bytes: string][] = [
  ['image/png', 0, '\x89PNG'],
  ['image/jpeg', 0, '\xff\xd8\xff'],
  ['image/gif', 0, 'GIF8'],
  ['image/webp', 8, 'WEBP'],
  ['image/avif', 4, 'ftypavi'],
  ['image/bmp', 0, 'BM'],
  ['image/x-icon', 0, '\x00\x00\x01\x00']
]

export function imageType(bytes: Uint8Array, declared: string): string | undefined {
  const text = Buffer.from(bytes.subarray(0, 512)).toString('latin1')
  const known = SIGNATURES.find(([, at, sig]) => text.startsWith(sig, at))?.[0]
  if (known) return known
  // SVG has no magic number; shown through <img> it runs no script and loads nothing.
  return declared === 'image/svg+xml' && /<svg[\s>]/i.test(text) ? declared : undefined
}

export async function fetchImage(
  net: ImageNet,
  clock: Clock,
  address: string,
  req: ImageRequest
): Promise<string | undefined> {
  const abort = new AbortController()
  const timer = clock.setTimeout(() => abort.abort(new Error('image timed out')), req.timeoutMs)
  const aborted = new Promise<never>((_, reject) => abort.signal.addEventListener('abort', reject))
  aborted.catch(() => {})
  try {
    let url = new URL(address)
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'https:' || !req.allowed(url)) return undefined
      const may = req.mayBeLocal(url)
      const find = (host: string) =>
        Promise.race([net.lookup(host, { local: may !== false, signal: abort.signal }), aborted])
      const to = await find(url.hostname.replace(/^\[|\]$/g, ''))
      // Any one of them may be the one connected to: all must be public, unless the host may be
      // on the user's network (the wiki's), or its subdomain whose wiki is there too.
      const onInternet = (found: LookupAddress[]) => found.every((a) => isPublicAddress(a.address))
      if (to.length === 0) return undefined
      if (!onInternet(to) && (may === false || (typeof may === 'string' && onInternet(await find(may)))))
        return undefined
      const res = await net.fetch(url, to, {
        headers: { accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8' },
        signal: abort.signal
      })
      const location = res.headers.get('location')
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel()
        url = new URL(location, url)
        continue
      }
      const declared = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (!res.ok || !declared.startsWith('image/')) {
        await res.body?.cancel()
        return undefined
      }
      const bytes = await readAtMost(res, req.maxBytes)
      const type = bytes && imageType(bytes, declared)
      return type ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : undefined
    }
    return undefined
  } catch {
    // Offline, refused, reset, timed out, a bad Location: the image simply is not shown.
    return undefined
  } finally {
    clock.clearTimeout(timer)
  }
}

/** The body, or undefined as soon as it grows past `max` (a declared length is believed early). */
async function readAtMost(res: Response, max: number): Promise<Uint8Array | undefined> {
  if (Number(res.headers.get('content-length') ?? 0) > max || !res.body) {
    await res.body?.cancel()
    return undefined
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
}
