import type { MessageKey } from './en'

export const ja: Record<MessageKey, string> = {
  'app.title': 'Onair',
  'app.skipToContent': '本文へスキップ',
  'nav.label': 'メイン',
  'nav.home': '放送予定',
  'nav.settings': '設定',
  'home.heading': 'これからの放送',
  'home.empty': 'まだ表示するものがありません。これから放送されるエピソードがここに表示されます。',
  'settings.heading': '設定',
  'settings.language': '言語',
  'settings.language.auto': 'システムの設定（{locale}）',
  'info.loading': '読み込み中…',
  'info.summary': 'バージョン {version} · {platform} · {locale}',
  'notice.dismiss': '閉じる',
  'error.prefix': 'エラー：'
}
