import { net } from 'electron'
import type { FetchLike } from '../core/http/node-fetch'

/**
 * The app's requests to the services, sent by Chromium's network stack (`net.fetch`, Electron
 * docs/api/net.md): the system's proxy settings and PAC script, the proxy's authentication where
 * the system provides it, and the operating system's trusted certificates, as the updater already
 * has. The image loader never comes here: it connects only to the addresses it checked.
 *
 * Chromium fails with an Error reading `net::ERR_…` (net-client-request.ts); the sender tells
 * failures apart by the code in `cause`, as Node's fetch gives it, so the code is moved there.
 */
export const electronFetch: FetchLike = async (url, init) => {
  try {
    // No cookie jar and no HTTP cache: each answer is the service's own, now, for this token.
    return await net.fetch(url.href, { ...init, credentials: 'omit', cache: 'no-store' })
  } catch (e) {
    const code = /^net::(ERR_[A-Z_]+)/.exec((e as Error)?.message ?? '')?.[1]
    throw code ? new TypeError('fetch failed', { cause: { code } }) : e
  }
}
