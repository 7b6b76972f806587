import type { LocalizedText } from '../../../shared/locale'
import type { RecentRecord, RecordEntry } from '../../../shared/records'
import type { RecordOptions } from '../media/records'

/** What an edit may change, the fields the service's update takes; a comment given is the whole new one. */
export type RecordChanges = RecordOptions

const MESSAGES = {
  'not-found': {
    en: 'There is no such entry in the outbox or among recent records.',
    ja: '送信待ちの項目にも最近の記録にも見つかりません。'
  },
  unsure: {
    en: 'This record may already have been saved. Check the service, then discard it or send it again.',
    ja: 'この記録はすでに保存されている可能性があります。サービスを確認してから、破棄するか再送信してください。'
  },
  'unknown-record-id': {
    en: 'The service did not say which id this record has, so it can only be changed on the service itself.',
    ja: 'この記録の ID が不明なため、変更はサービス上で行ってください。'
  },
  'not-retryable': {
    en: 'Only a failed entry, or one waiting for confirmation, can be retried.',
    ja: '再試行できるのは、失敗した項目か確認待ちの項目だけです。'
  },
  sending: {
    en: 'This entry is being sent right now; try again in a moment.',
    ja: 'この項目は送信中です。しばらくしてからもう一度お試しください。'
  }
} satisfies Record<string, LocalizedText>

export type OutboxErrorCode = keyof typeof MESSAGES

/** A request the outbox refuses; the IPC edge turns it into a UserError with the same code. */
export class OutboxError extends Error {
  readonly userMessage: LocalizedText

  constructor(readonly code: OutboxErrorCode) {
    super(MESSAGES[code].en)
    this.name = 'OutboxError'
    this.userMessage = MESSAGES[code]
  }

  static throw(code: OutboxErrorCode): never {
    throw new OutboxError(code)
  }
}

export function recentOf(e: RecordEntry, createdAt: number): RecentRecord {
  return {
    id: e.id,
    recordId: e.recordId ?? null,
    episodeId: e.episodeId,
    ...(e.workId === undefined ? {} : { workId: e.workId }),
    display: e.display,
    comment: e.comment,
    rating: e.rating,
    shareMicroblog: e.shareMicroblog,
    shareSocialnet: e.shareSocialnet,
    createdAt
  }
}
