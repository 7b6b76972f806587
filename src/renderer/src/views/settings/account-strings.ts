import type { LocalizedText } from '../../../../shared/contract'
export { signIn, scopes, signInWithWrite } from '../../lib/common-strings'

/** The Accounts section's words (shown with `localized`). */
export const heading: LocalizedText = { en: 'Accounts', ja: 'アカウント' }
export const signedOut: LocalizedText = { en: 'You are not signed in.', ja: 'サインインしていません。' }
export const signOut: LocalizedText = { en: 'Sign out', ja: 'サインアウト' }
export const signOutQuestion: LocalizedText = {
  en: 'Sign out? Onair revokes its token and deletes the cached schedule and inbox from this computer. Settings stay.',
  ja: 'サインアウトしますか？ トークンを取り消し、キャッシュした番組表と受信箱をこの PC から削除します。設定は残ります。'
}
export const discardOutbox: LocalizedText = {
  en: 'Also discard records that are still waiting to be sent',
  ja: '送信待ちの記録も破棄する'
}
export const staySignedIn: LocalizedText = { en: 'Stay signed in', ja: 'サインインしたままにする' }
export const wikiLabel: LocalizedText = { en: 'Wiki personal access token', ja: 'Wiki の個人用アクセストークン' }
export const wikiNoAddress: LocalizedText = {
  en: 'Enter the wiki address in the service settings first.',
  ja: '先にサービス設定で Wiki のアドレスを入力してください。'
}
export const wikiHasToken: LocalizedText = {
  en: 'A token is saved. Enter a new one to replace it.',
  ja: 'トークンは保存済みです。置き換える場合は新しいトークンを入力してください。'
}
export const wikiNoToken: LocalizedText = {
  en: 'No token saved. Onair checks it with the wiki before saving.',
  ja: 'トークンは保存されていません。保存する前に Wiki で確認します。'
}
export const wikiSave: LocalizedText = { en: 'Verify and save', ja: '確認して保存' }
export const wikiSaved: LocalizedText = {
  en: 'The wiki token was verified and saved.',
  ja: 'Wiki のトークンを確認して保存しました。'
}
export const protectionHeading: LocalizedText = { en: 'How secrets are protected', ja: '秘密情報の保護' }
