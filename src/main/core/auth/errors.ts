import type { LocalizedText } from '../../../shared/locale'

/**
 * Every way signing in (or keeping a session) can fail, as a stable code the UI and the CLI branch
 * on, with the sentence the user reads. Kept apart from ApiError because most of these never
 * involve an HTTP answer (a forged callback, a busy port, a flow the user abandoned).
 */
export type AuthErrorCode =
  | 'denied'
  | 'timeout'
  | 'cancelled'
  | 'port_in_use'
  | 'listen_failed'
  | 'missing_code'
  | 'authorize_failed'
  | 'exchange_failed'
  | 'invalid_token'
  | 'no_user'
  | 'service_error'
  | 'unreachable'
  | 'not_configured'
  | 'not_signed_in'
  | 'wiki_unauthorized'
  | 'wiki_unreachable'
  | 'wiki_failed'

const MESSAGES: Record<AuthErrorCode, LocalizedText> = {
  denied: {
    en: 'Sign-in was cancelled in the browser: access was not allowed. Start sign-in again and choose "Approve" to use Onair.',
    ja: 'ブラウザでアクセスが許可されなかったため、サインインはキャンセルされました。Onair を使うには、もう一度サインインして「許可」を選んでください。'
  },
  timeout: {
    en: 'Sign-in timed out: no answer came back from the browser within 5 minutes. Start sign-in again. If the browser showed "The requested scope is invalid, unknown, or malformed.", the application is registered read only: register it read write at the service, or sign in read-only.',
    ja: '5 分以内にブラウザから応答がなかったため、サインインがタイムアウトしました。もう一度サインインしてください。ブラウザに「The requested scope is invalid, unknown, or malformed.」と表示された場合、アプリケーションが読み取り専用で登録されています。サービスで読み書き（read write）として登録し直すか、読み取り専用でサインインしてください。'
  },
  cancelled: {
    en: 'This sign-in was replaced by a newer one.',
    ja: '新しいサインインが始まったため、このサインインは取り消されました。'
  },
  port_in_use: {
    en: 'Onair cannot receive the sign-in answer: the local port is already in use. Close the program using it, choose another port, or sign in with a code instead.',
    ja: 'サインインの応答を受け取るためのローカルポートが使用中です。そのポートを使っているプログラムを終了するか、別のポートを選ぶか、コードを使ったサインインをお試しください。'
  },
  listen_failed: {
    en: 'Onair cannot open a local address to receive the sign-in answer. Sign in with a code instead.',
    ja: 'サインインの応答を受け取るローカルアドレスを開けません。コードを使ったサインインをお試しください。'
  },
  missing_code: {
    en: 'The browser came back without an authorization code. Start sign-in again.',
    ja: 'ブラウザから認可コードが返されませんでした。もう一度サインインしてください。'
  },
  authorize_failed: {
    en: 'The service refused the sign-in request. Check the client ID and the redirect URIs registered for the application, then sign in again.',
    ja: 'サービスがサインインの要求を拒否しました。クライアント ID とアプリケーションに登録したリダイレクト URI を確認してから、もう一度サインインしてください。'
  },
  exchange_failed: {
    en: 'The service did not accept the authorization code. It may have expired or been used already, or the client ID or secret may be wrong. Check them and sign in again.',
    ja: 'サービスが認可コードを受け付けませんでした。コードの期限切れ・使用済み、またはクライアント ID・シークレットの誤りが考えられます。確認してからもう一度サインインしてください。'
  },
  invalid_token: {
    en: 'The service does not accept this access token (it is wrong, revoked or expired). Sign in again.',
    ja: 'このアクセストークンはサービスに受け付けられません（誤り、取り消し済み、または期限切れです）。もう一度サインインしてください。'
  },
  no_user: {
    en: "This access token belongs to no user (it was made for an application alone), so Onair cannot show anyone's schedule with it. Sign in with your account, or make a personal access token on the service's settings page.",
    ja: 'このアクセストークンはどのユーザーにも属していない（アプリケーション単体用に発行された）ため、Onair は番組表を表示できません。自分のアカウントでサインインするか、サービスの設定ページで個人用アクセストークンを発行してください。'
  },
  service_error: {
    en: 'The media-tracking service could not complete the sign-in. Try again later.',
    ja: '視聴記録サービスでサインインを完了できませんでした。後でもう一度お試しください。'
  },
  unreachable: {
    en: 'Cannot reach the media-tracking service. Check the address and your connection, then try again.',
    ja: '視聴記録サービスに接続できません。アドレスと接続を確認してから、もう一度お試しください。'
  },
  not_configured: {
    en: 'Onair is not set up yet: the service address and client credentials are missing.',
    ja: 'Onair の設定がまだです。サービスのアドレスとクライアント情報が必要です。'
  },
  not_signed_in: {
    en: 'You are not signed in. Sign in first.',
    ja: 'サインインしていません。先にサインインしてください。'
  },
  wiki_unauthorized: {
    en: 'The wiki service rejected this personal access token (401). Check that it was copied completely and has not been deleted.',
    ja: 'Wikiサービスがこの個人用アクセストークンを拒否しました（401）。すべてコピーされているか、削除されていないか確認してください。'
  },
  wiki_unreachable: {
    en: 'Cannot reach the wiki service to check the token. Check the address and your connection; the token was not saved.',
    ja: 'トークンを確認するための Wikiサービスに接続できません。アドレスと接続を確認してください。トークンは保存されていません。'
  },
  wiki_failed: {
    en: 'The wiki service could not check the token; it was not saved. Try again later.',
    ja: 'Wikiサービスでトークンを確認できなかったため、保存していません。後でもう一度お試しください。'
  }
}

export class AuthError extends Error {
  readonly code: AuthErrorCode
  readonly userMessage: LocalizedText

  constructor(code: AuthErrorCode, options?: { message?: LocalizedText; cause?: unknown }) {
    const userMessage = options?.message ?? MESSAGES[code]
    super(`${code}: ${userMessage.en}`, { cause: options?.cause })
    this.name = 'AuthError'
    this.code = code
    this.userMessage = userMessage
  }

  /** Plain data for IPC: Error subclasses lose their fields across the bridge. */
  toJSON(): { code: AuthErrorCode; message: LocalizedText } {
    return { code: this.code, message: this.userMessage }
  }
}
