import type { LocalizedText } from '../../shared/locale'
import type { Command } from './command'

/**
 * Every `onair` command, in the order `onair --help` lists them: its name and summary here, its
 * code in `commands/`, imported only when that command runs (or shows its own help). The build
 * makes each import a chunk of its own (cli.vite.config.ts), so `onair --help` and
 * `onair --version` load this list and nothing else, and `onair config get` never parses the
 * daemon's scheduler or the calendar library.
 */
export interface CommandEntry {
  name: string
  summary: LocalizedText
  load(): Promise<Command>
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'sign-in',
    summary: { en: 'Sign in to the media-tracking service', ja: '視聴記録サービスにサインインする' },
    load: async () => (await import('./commands/sign-in')).signIn
  },
  {
    name: 'whoami',
    summary: {
      en: "Show the signed-in user and the token's scopes",
      ja: 'サインイン中のユーザーとトークンのスコープを表示する'
    },
    load: async () => (await import('./commands/whoami')).whoami
  },
  {
    name: 'sign-out',
    summary: { en: 'Revoke the token and forget it', ja: 'トークンを取り消して削除する' },
    load: async () => (await import('./commands/sign-out')).signOut
  },
  {
    name: 'upcoming',
    summary: { en: 'Show the upcoming broadcasts', ja: 'これからの放送予定を表示する' },
    load: async () => (await import('./commands/upcoming')).upcoming
  },
  {
    name: 'catch-up',
    summary: {
      en: 'List the aired episodes you have not recorded; record up to one',
      ja: '放送済みで未記録のエピソードを表示・まとめて記録する'
    },
    load: async () => (await import('./commands/catch-up')).catchUp
  },
  {
    name: 'run',
    summary: { en: 'Run the reminder daemon (headless)', ja: 'リマインダーを常駐で動かす（ヘッドレス）' },
    // V8's memory flags before the daemon's code loads: loading it grows the young generation,
    // which then stays resident (daemon-memory.ts).
    load: async () => {
      ;(await import('./daemon-memory')).favourMemory()
      return (await import('./commands/run')).run
    }
  },
  {
    name: 'reminders',
    summary: {
      en: 'Show what became of the reminders this week',
      ja: '今週のリマインダーがどうなったかを表示する'
    },
    load: async () => (await import('./commands/reminders')).reminders
  },
  {
    name: 'record',
    summary: { en: 'Record that you watched an episode', ja: 'エピソードの視聴を記録する' },
    load: async () => (await import('./commands/record')).record
  },
  {
    name: 'status',
    summary: { en: 'Set your status of a work', ja: '作品のステータスを設定する' },
    load: async () => (await import('./commands/status')).status
  },
  {
    name: 'works',
    summary: { en: 'List the works you hold a status on', ja: 'ステータスを設定した作品の一覧' },
    load: async () => (await import('./commands/works')).works
  },
  {
    name: 'outbox',
    summary: { en: 'List what waits to be sent; retry or discard an entry', ja: '送信待ちの一覧、項目の再送信と破棄' },
    load: async () => (await import('./commands/outbox')).outbox
  },
  {
    name: 'inbox',
    summary: { en: 'List your wiki notifications', ja: 'Wikiの通知を一覧表示する' },
    load: async () => (await import('./commands/inbox')).inbox
  },
  {
    name: 'calendar',
    summary: {
      en: "Show the calendar feed's address, or make a new one",
      ja: 'カレンダー配信のアドレスを表示する・作り直す'
    },
    load: async () => (await import('./commands/calendar')).calendar
  },
  {
    name: 'doctor',
    summary: {
      en: 'Print facts for a bug report (no secrets)',
      ja: '不具合の報告に使う情報を表示する（秘密情報は含めない）'
    },
    load: async () => (await import('./commands/doctor')).doctor
  },
  {
    name: 'config',
    summary: { en: 'Show or change settings', ja: '設定を表示・変更する' },
    load: async () => (await import('./commands/config')).config
  }
]
