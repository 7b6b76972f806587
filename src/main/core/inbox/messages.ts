import type { Locale, LocalizedText } from '../../../shared/locale'
import { inboxTypeLabel } from './types'
import { describeFileError } from '../file-errors'
import { ApiError, describeApiError } from '../http/errors'
import type { NativeNotification } from '../notify'
import type { StoredItem } from './items'

/** What the inbox tells the user: refresh failures and the native notifications it raises. */

export const NO_WIKI_TOKEN: LocalizedText = {
  en: 'No wiki token yet — add it in Settings to see your wiki notifications.',
  ja: 'Wikiのトークンが未設定です。設定で追加すると通知を表示できます。'
}

/** A 401 from the wiki concerns only the wiki token: it is not a sign-out of the media service. */
export const WIKI_TOKEN_REJECTED: LocalizedText = {
  en: 'Wiki token rejected — update it in Settings.',
  ja: 'Wikiのトークンが拒否されました。設定で更新してください。'
}

const UNEXPECTED: LocalizedText = {
  en: 'Onair could not update the inbox. It will try again.',
  ja: '受信箱を更新できませんでした。後でもう一度試します。'
}

export interface RefreshFailure {
  message: LocalizedText
  /** The wiki could not be reached at all (as opposed to answering with an error). */
  offline: boolean
}

export function describeRefreshFailure(e: unknown): RefreshFailure {
  // The list came but could not be saved (a full disk): which file, and what to do.
  const file = describeFileError(e)
  if (file) return { message: file, offline: false }
  if (!(e instanceof ApiError)) return { message: UNEXPECTED, offline: false }
  if (e.kind === 'auth') return { message: WIKI_TOKEN_REJECTED, offline: false }
  return { message: describeApiError(e), offline: e.kind === 'network' || e.kind === 'timeout' }
}

/**
 * One notification for one new entry; one summary for several, so a burst after a night offline
 * is a single banner. Titles are the wiki's text as sent: native notifications are plain text.
 */
export function nativeNotificationFor(fresh: readonly StoredItem[], lang: Locale): NativeNotification | undefined {
  const first = fresh[0]
  if (!first) return undefined
  if (fresh.length > 1) {
    return {
      id: 'inbox:new',
      title: lang === 'ja' ? 'Wikiの受信箱' : 'Wiki inbox',
      body: lang === 'ja' ? `新しい通知が${fresh.length}件あります` : `${fresh.length} new wiki notifications`,
      target: { kind: 'inbox' }
    }
  }
  const label = inboxTypeLabel(first.type)[lang]
  const body = [first.sender?.name, first.title].filter((s) => s).join(': ')
  const numericId = first.source === 'notification' ? Number(first.key.slice(2)) : NaN
  return {
    id: `inbox:${first.key}`,
    title: label,
    body: body || (first.community ?? label),
    target: Number.isSafeInteger(numericId) ? { kind: 'inbox', notificationId: numericId } : { kind: 'inbox' }
  }
}
