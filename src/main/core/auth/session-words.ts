import type { LocalizedText } from '../../../shared/locale'

/* What a session tells the user, in both languages. */

/** Why recording is off for a read-only sign-in, and what to do. */
export const READ_ONLY: LocalizedText = {
  en: 'Recording episodes and changing watching status are turned off: Onair was allowed to read only. Sign in again and allow write access to use them.',
  ja: 'Onair には読み取り権限しかないため、エピソードの記録と視聴ステータスの変更はできません。使うには、書き込み権限を許可してサインインし直してください。'
}

/** A new sign-in's previous token could not be revoked at the service. */
export const REPLACED_TOKEN_KEPT: LocalizedText = {
  en: "The service could not be told to revoke the previous sign-in's token (offline or refused), so it may still be valid there. You can revoke it in the service's application settings.",
  ja: '以前のサインインのトークンを取り消すようサービスに通知できませんでした（オフラインまたは拒否）。サービス側で有効なままの可能性があります。サービスのアプリケーション設定から取り消せます。'
}

/** What a sign-out says: whether the service was told. */
export function signOutMessage(revoked: boolean, hadToken: boolean): LocalizedText {
  if (revoked || !hadToken) return { en: 'Signed out.', ja: 'サインアウトしました。' }
  return {
    en: "Signed out on this computer, but the service could not be told (offline or refused), so the token may still be valid there. You can revoke it in the service's application settings.",
    ja: 'このコンピューターではサインアウトしましたが、サービスに通知できませんでした（オフラインまたは拒否）。トークンがサービス側で有効なままの可能性があります。サービスのアプリケーション設定から取り消せます。'
  }
}
