import type { LocalizedText } from '../../../shared/locale'
import { ApiError, describeApiError } from '../http/errors'

/**
 * What became of one attempt to send an outbox entry, and how a failure is sorted: the outbox
 * reacts to the outcome alone, so this file is the whole retry policy.
 */
export type Outcome =
  | { type: 'sent'; recordId?: number | null }
  /** Offline, 429, 5xx: try again after a backoff. */
  | { type: 'retry'; reason: LocalizedText }
  /** 401: keep everything and wait for the next sign-in. */
  | { type: 'pause'; reason: LocalizedText; error: ApiError }
  /** 400, 403, 404 and anything unexpected: only the user can retry or discard it. */
  | { type: 'fail'; reason: LocalizedText }
  /** A record that may or may not have landed; the service cannot tell (see reconcile.ts). */
  | { type: 'ask'; reason: LocalizedText }

export function outcomeOf(e: unknown): Outcome {
  if (!(e instanceof ApiError)) {
    const message = e instanceof Error ? e.message : String(e)
    return {
      type: 'fail',
      reason: { en: `Onair could not send this (${message}).`, ja: `送信できませんでした（${message}）。` }
    }
  }
  const reason = describeApiError(e)
  if (e.kind === 'auth') return { type: 'pause', reason, error: e }
  if (e.transient) return { type: 'retry', reason }
  return { type: 'fail', reason }
}

export const NEEDS_CONFIRMATION: LocalizedText = {
  en: 'The service did not answer after the record was sent, and Onair cannot tell whether it was saved. Check your records on the service, then send it again or discard it.',
  ja: '記録の送信後にサービスから応答がなく、保存されたか確認できません。サービス上の記録を確認してから、再送信するか破棄してください。'
}

export const UNKNOWN_RECORD_ID: LocalizedText = {
  en: 'This record was saved, but the service did not say under which id, so it can only be edited or deleted on the service itself.',
  ja: 'この記録は保存されましたが、サービスから記録 ID が返されなかったため、編集や削除はサービス上で行ってください。'
}

export const RECORD_NOT_SENT: LocalizedText = {
  en: 'The record this change belongs to was never sent, so there is nothing to change on the service.',
  ja: 'この変更の対象となる記録は送信されていないため、サービス上で変更するものがありません。'
}
