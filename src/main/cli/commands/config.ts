import type { LocalizedText } from '../../../shared/locale'
import { changeSetting, getSetting, isKnownKey, settingKeys, unknownKey } from '../setting-keys'
import { settingsFileStore } from '../../core/store/settings'
import { EXIT, UsageError, type Command, type CommandContext, type ExitCode } from '../command'
import { movedAside } from '../moved-aside'

/**
 * `onair config`: what the app's Settings view changes, for people without the app. The same
 * settings file and schema; each change is one transaction under the file's lock, so a running app
 * or `onair run` (which look at the file every 2 s) picks it up and nothing else in it is lost.
 */
const USAGE = ['config list [--json]', 'config get KEY', 'config set KEY VALUE', 'config unset KEY']
const ARITY: Record<string, number> = { list: 0, get: 1, set: 2, unset: 1 }

class Rejected extends Error {
  constructor(readonly userMessage: LocalizedText) {
    super(userMessage.en)
  }
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

export const config: Command = {
  usage: USAGE,
  positionals: { min: 1, max: 3 },
  description: {
    en: 'Reads and changes the settings the app shows, in the same file (KEY is dotted, e.g. reminders.leadMinutes). VALUE is JSON when it reads as JSON (30, true, [10,0]), a comma list for lists (10,0), else text (ja). A value the settings do not accept exits 2 with the reason and changes nothing; unset puts a setting back to its default. Channels are set by id (onair upcoming --json shows channel.id): reminders.channels.ID.offsetMinutes -60…1440, reminders.channels.ID.muted true; a negative VALUE needs no quoting. A work’s own lead times, by work id (onair upcoming --json shows work.id): reminders.workLeadMinutes.ID [30,0], [0] for only at start, [] for none; unset gives the work the global list again. A running app or onair run applies a change within seconds. The services.* settings are shown but not changed here: a service address changes with its client secret and sign-in, in the app or with --media-url / ONAIR_MEDIA_URL and the like.',
    ja: 'アプリの設定画面と同じ設定ファイルを読み書きします（KEY はドット区切り。例: reminders.leadMinutes）。VALUE は JSON として読めれば JSON（30、true、[10,0]）、リストならカンマ区切り（10,0）、それ以外は文字列（ja）です。受け付けられない値は理由を表示して終了コード 2 で終わり、何も変更しません。unset は既定値に戻します。チャンネルは ID で指定します（onair upcoming --json の channel.id）: reminders.channels.ID.offsetMinutes に -60〜1440、reminders.channels.ID.muted に true。負の値もそのまま書けます。作品ごとのリマインダーの時刻は作品 ID で指定します（onair upcoming --json の work.id）: reminders.workLeadMinutes.ID に [30,0]、開始時のみは [0]、通知しないなら []。unset で全体の設定に戻ります。実行中のアプリや onair run には数秒で反映されます。services.* の設定は表示のみで、ここでは変更できません（サービスのアドレスはクライアントシークレットやサインインと一緒に、アプリ、または --media-url / ONAIR_MEDIA_URL などで変更します）。'
  },
  options: {
    json: { type: 'boolean', help: { en: 'list: the whole document as JSON', ja: 'list: 設定全体を JSON で出力する' } }
  },
  async run(ctx) {
    const [action = '', key, value] = ctx.positionals
    if (!(action in ARITY) || ctx.positionals.length - 1 !== ARITY[action]) {
      throw new UsageError({
        en: `Use one of: ${USAGE.map((u) => `onair ${u}`).join(', ')}.`,
        ja: `次のいずれかで指定してください: ${USAGE.map((u) => `onair ${u}`).join('、')}。`
      })
    }
    const store = settingsFileStore(ctx.config.dataDir, movedAside(ctx))
    if (action === 'list') {
      const doc = store.read()
      if (ctx.flags.json) ctx.io.out(JSON.stringify(doc, null, 2))
      else for (const k of settingKeys()) ctx.io.out(line(k, getSetting(doc, k)))
      return EXIT.ok
    }
    if (!isKnownKey(key!)) return refuse(ctx, unknownKey(key!))
    if (action === 'get') {
      const current = getSetting(store.read(), key!)
      // An optional setting that is not set (e.g. the time zone) prints nothing, exit 0.
      if (current !== undefined) ctx.io.out(show(current))
      return EXIT.ok
    }
    const { validateCron } = await import('../../core/programs/cron')
    try {
      const saved = store.update((doc) => {
        const change = changeSetting(doc, key!, action === 'set' ? value : undefined, validateCron)
        // Thrown inside the transaction: the file is left exactly as it was.
        if (!change.ok) throw new Rejected(change.error)
        return change.doc
      })
      ctx.io.out(line(key!, getSetting(saved, key!)))
      return EXIT.ok
    } catch (e) {
      if (e instanceof Rejected) return refuse(ctx, e.userMessage)
      throw e
    }
  }
}

const line = (key: string, value: unknown): string => `${key} = ${value === undefined ? '' : JSON.stringify(value)}`

/** A refused value is the user's to correct, like a usage error: both languages, exit 2. */
function refuse(ctx: CommandContext, message: LocalizedText): ExitCode {
  ctx.io.err(message.en)
  ctx.io.err(message.ja)
  return EXIT.usage
}
