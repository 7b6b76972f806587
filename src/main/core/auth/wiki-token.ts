import type { FetchLike } from '../http/node-fetch'
import { describeApiError, isApiError } from '../http/errors'
import { createWikiClient } from '../wiki/client'
import { AuthError } from './errors'

/**
 * Checks a wiki personal access token with one real call before anything is saved, so a typo is
 * caught while the user is still looking at the field, not at the next poll.
 */
export async function verifyWikiToken(baseUrl: string, token: string, fetch?: FetchLike): Promise<void> {
  const trimmed = token.trim()
  if (trimmed === '') throw new AuthError('wiki_unauthorized')
  // Shorter than a poll's wait: the user is looking at the field.
  const client = createWikiClient({ baseUrl, token: () => trimmed, fetch, timeoutMs: 10_000 })
  try {
    await client.listNotifications({ unread: true })
  } catch (e) {
    if (!isApiError(e)) throw new AuthError('wiki_failed', { cause: e })
    if (e.kind === 'auth') throw new AuthError('wiki_unauthorized', { cause: e })
    if (e.kind === 'network' || e.kind === 'timeout') throw new AuthError('wiki_unreachable', { cause: e })
    const why = describeApiError(e)
    throw new AuthError('wiki_failed', {
      cause: e,
      message: { en: `${why.en} The token was not saved.`, ja: `${why.ja}トークンは保存されていません。` }
    })
  }
}
