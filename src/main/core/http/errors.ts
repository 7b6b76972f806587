import type { LocalizedText } from '../../../shared/locale'

/**
 * One error type for both services, so every layer above (poller, outbox, UI) decides on `kind`
 * alone and every failure reaches the user as a sentence in Japanese and English.
 */
export type ServiceName = 'media' | 'wiki'

export type ApiErrorKind =
  | 'auth' // 401: token missing, revoked or unknown
  | 'scope' // 403: token lacks the scope (media: `write`)
  | 'not_found' // 404
  | 'invalid_params' // 400 with the service's own messages
  | 'rate_limited' // 429
  | 'server' // 5xx
  | 'http' // any other non-2xx
  | 'network' // no answer: refused, reset, DNS
  | 'certificate' // the service's certificate is not trusted here (a private CA)
  | 'timeout' // no answer in time
  | 'bad_response' // 2xx whose body is not what the schema expects

export interface ApiErrorInit {
  kind: ApiErrorKind
  service: ServiceName
  status?: number
  /** Messages the service itself sent (media: `errors[].message`, usually Japanese). */
  serviceMessages?: string[]
  /**
   * True when a write may have reached the service although no answer came back (timeout or a
   * reset after sending). Such a write must be reconciled before it is retried.
   */
  ambiguous?: boolean
  detail?: string
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly service: ServiceName
  readonly status: number | undefined
  readonly serviceMessages: string[]
  readonly ambiguous: boolean
  readonly detail: string | undefined

  constructor(init: ApiErrorInit) {
    super(
      `${init.service} ${init.kind}${init.status ? ` (${init.status})` : ''}${init.detail ? `: ${init.detail}` : ''}`
    )
    this.name = 'ApiError'
    this.kind = init.kind
    this.service = init.service
    this.status = init.status
    this.serviceMessages = init.serviceMessages ?? []
    this.ambiguous = init.ambiguous ?? false
    this.detail = init.detail
  }

  /** Worth trying again later without the user changing anything. */
  get transient(): boolean {
    return ['rate_limited', 'server', 'network', 'timeout'].includes(this.kind)
  }
}

const SERVICE_LABEL: Record<ServiceName, LocalizedText> = {
  media: { en: 'the media-tracking service', ja: '視聴記録サービス' },
  wiki: { en: 'the wiki service', ja: 'Wikiサービス' }
}

/** What the user reads: what happened and what to do, never a stack trace or a token. */
export function describeApiError(e: ApiError): LocalizedText {
  const s = SERVICE_LABEL[e.service]
  const extra = e.serviceMessages.length ? ` (${e.serviceMessages.join(' / ')})` : ''
  switch (e.kind) {
    case 'auth':
      return {
        en: `Signed out of ${s.en}: the access token is missing, revoked or unknown. Sign in again.`,
        ja: `${s.ja}からサインアウトされました（アクセストークンが無効です）。もう一度サインインしてください。`
      }
    case 'scope':
      return {
        en: `${cap(s.en)} refused the action: the token has no write access. Sign in again with write access.`,
        ja: `${s.ja}に操作を拒否されました（書き込み権限がありません）。書き込み権限付きでサインインし直してください。`
      }
    case 'not_found':
      return {
        en: `${cap(s.en)} does not know this item (404). It may have been deleted.`,
        ja: `${s.ja}に該当する項目がありません（404）。削除された可能性があります。`
      }
    case 'invalid_params':
      return {
        en: `${cap(s.en)} rejected the request${extra}.`,
        ja: `${s.ja}がリクエストを受け付けませんでした${extra}。`
      }
    case 'rate_limited':
      return {
        en: `${cap(s.en)} asked Onair to slow down (429). It will retry shortly.`,
        ja: `${s.ja}へのリクエストが多すぎます（429）。少し待ってから再試行します。`
      }
    case 'server':
      return {
        en: `${cap(s.en)} is having trouble (${e.status ?? '5xx'}). Onair will retry.`,
        ja: `${s.ja}で障害が発生しています（${e.status ?? '5xx'}）。後で再試行します。`
      }
    case 'http':
      return {
        en: `${cap(s.en)} answered with an unexpected status ${e.status ?? ''}.`,
        ja: `${s.ja}から予期しない応答がありました（${e.status ?? ''}）。`
      }
    case 'network':
      return {
        en: `Cannot reach ${s.en}. You seem to be offline; Onair shows what it saved and retries.`,
        ja: `${s.ja}に接続できません。オフラインのようです。保存済みの内容を表示し、後で再試行します。`
      }
    case 'certificate':
      return {
        en: `Onair does not trust the certificate of ${s.en}${code(e)}. If your organisation uses its own certificate authority, add it to the system's certificates (the app) or name its file in NODE_EXTRA_CA_CERTS (the command line).`,
        ja: `${s.ja}の証明書を信頼できません${code(e)}。組織独自の認証局を使っている場合は、その証明書をシステムに追加するか（アプリ）、そのファイルを NODE_EXTRA_CA_CERTS に指定してください（コマンドライン）。`
      }
    case 'timeout':
      return {
        en: `${cap(s.en)} did not answer in time. Onair will retry.`,
        ja: `${s.ja}から時間内に応答がありませんでした。後で再試行します。`
      }
    case 'bad_response':
      return {
        en: `${cap(s.en)} sent a response Onair cannot read. Nothing was changed; try again later.`,
        ja: `${s.ja}から読み取れない応答が返されました。データは変更されていません。後でもう一度お試しください。`
      }
  }
}

const code = (e: ApiError): string => (e.detail ? ` (${e.detail})` : '')

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}
