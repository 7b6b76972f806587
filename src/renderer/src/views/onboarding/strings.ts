import type { LocalizedText } from '../../../../shared/contract'
export { signIn, scopes, signInWithWrite } from '../../lib/common-strings'

export const progress: LocalizedText = { en: 'Step {step} of {total}', ja: 'ステップ {step} / {total}' }
export const welcomeHeading: LocalizedText = { en: 'Welcome to Onair', ja: 'Onair へようこそ' }
export const welcomeBody: LocalizedText = {
  en: 'Onair tells you when your shows go on air and records episodes in one click. First, connect it to your media-tracking service (about a minute).',
  ja: 'Onair は見ている作品の放送をお知らせし、ワンクリックで記録します。まず視聴記録サービスと接続しましょう（1 分ほど）。'
}
export const welcomeStart: LocalizedText = { en: 'Get started', ja: 'はじめる' }
export const servicesHeading: LocalizedText = {
  en: 'Service addresses and client credentials',
  ja: 'サービスのアドレスとクライアント情報'
}
export const doneHeading: LocalizedText = { en: 'You are signed in', ja: 'サインインしました' }

export const servicesIntro: LocalizedText = {
  en: 'Register Onair as an app on the media-tracking service (/oauth/applications), then enter its addresses and the client ID and secret it gives you.',
  ja: '視聴記録サービスで Onair をアプリとして登録し（/oauth/applications）、アドレスと発行されたクライアント ID・シークレットを入力してください。'
}
export const redirects: LocalizedText = {
  en: 'Register exactly these redirect URIs:',
  ja: 'リダイレクト URI には次のとおり登録してください：'
}
export const mediaUrl: LocalizedText = { en: 'Media-tracking service address', ja: '視聴記録サービスのアドレス' }
export const wikiUrl: LocalizedText = { en: 'Wiki address (optional)', ja: 'Wiki のアドレス（任意）' }
export const wikiUrlHint: LocalizedText = {
  en: 'Needed only for the wiki inbox.',
  ja: 'Wiki の受信箱を使う場合のみ必要です。'
}
export const clientId: LocalizedText = { en: 'Client ID', ja: 'クライアント ID' }
export const clientSecret: LocalizedText = { en: 'Client secret', ja: 'クライアントシークレット' }
export const clientSecretSaved: LocalizedText = {
  en: 'A secret is saved; leave empty to keep it.',
  ja: 'シークレットは保存済みです。変更しない場合は空欄にしてください。'
}
export const port: LocalizedText = { en: 'Fixed callback port (optional)', ja: 'コールバック用の固定ポート（任意）' }
export const portHint: LocalizedText = {
  en: 'Leave empty to use any free port; set one only if your registration needs it.',
  ja: '空欄なら空いているポートを使います。登録で必要な場合のみ指定してください。'
}
export const saveServices: LocalizedText = { en: 'Save and continue', ja: '保存して次へ' }

export const signinIntro: LocalizedText = {
  en: 'Sign in with your browser: approve Onair there and come back here.',
  ja: 'ブラウザでサインインします。ブラウザで Onair を許可してから、ここに戻ってください。'
}
export const signinBrowser: LocalizedText = { en: 'Sign in with the browser', ja: 'ブラウザでサインイン' }
export const signinCancel: LocalizedText = { en: 'Cancel sign-in', ja: 'サインインを中止' }
export const back: LocalizedText = { en: 'Back', ja: '戻る' }
export const waiting: LocalizedText = {
  en: 'Waiting for the browser… Approve Onair there (up to 5 minutes). If it shows "The requested scope is invalid, unknown, or malformed.", the application is registered read only: cancel, tick the box above and sign in again.',
  ja: 'ブラウザからの応答を待っています… ブラウザで Onair を許可してください（最大 5 分）。「The requested scope is invalid, unknown, or malformed.」と表示された場合、アプリケーションは読み取り専用で登録されています。中止して上のチェックボックスをオンにし、もう一度サインインしてください。'
}
/** Doorkeeper grants a "read only" registration nothing more, and shows an error page for `write`. */
export const readOnly: LocalizedText = {
  en: 'The application is registered "read only": ask for read access alone (the schedule and reminders work, recording does not)',
  ja: 'アプリケーションを「read only」で登録している: 読み取り権限だけを求める（番組表とリマインダーは使えますが、記録はできません）'
}
export const fallbacks: LocalizedText = {
  en: 'Browser sign-in not working?',
  ja: 'ブラウザでのサインインがうまくいかない場合'
}
export const pasteCode: LocalizedText = { en: 'Paste a code', ja: 'コードを貼り付ける' }
export const pasteToken: LocalizedText = { en: 'Paste an access token', ja: 'アクセストークンを貼り付ける' }
export const codeHelp: LocalizedText = {
  en: 'After you approve Onair, a browser page shows a code. If it does not open, visit this address:',
  ja: 'Onair を許可すると、コードのページがブラウザで開きます。開かない場合は次のアドレスへ：'
}
export const codeLabel: LocalizedText = { en: 'Authorization code', ja: '認可コード' }
export const codeSubmit: LocalizedText = { en: 'Sign in with the code', ja: 'コードでサインイン' }
export const tokenHelp: LocalizedText = {
  en: 'Paste a personal access token from the service; Onair checks it before saving.',
  ja: 'サービスで作成した個人用アクセストークンを貼り付けてください。保存前に確認します。'
}
export const tokenLabel: LocalizedText = { en: 'Access token', ja: 'アクセストークン' }
export const tokenSubmit: LocalizedText = { en: 'Sign in with the token', ja: 'トークンでサインイン' }

export const startUsing: LocalizedText = { en: 'Start using Onair', ja: 'Onair を使いはじめる' }
