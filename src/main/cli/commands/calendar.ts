import type { LocalizedText } from '../../../shared/locale'
import { randomBytes } from 'node:crypto'
import { FEED_PROOF_PATH, feedFileStore, feedProof, replaceFeedSecret, savedFeedUrl } from '../../core/calendar/address'
import { settingsFileStore } from '../../core/store/settings'
import { EXIT, UsageError, type Command, type CommandContext, type ExitCode } from '../command'
import { movedAside } from '../moved-aside'
import { failWith } from '../report'

/**
 * `onair calendar url | new-url`: the subscribed calendar feed's address (core/calendar/address.ts)
 * without the app's Settings. `new-url` writes a new secret to calendar-feed.json; the app and
 * `onair run` read the secret at each request, so the old address answers 404 at once there too.
 */
const USAGE = ['calendar url [--json]', 'calendar new-url [--json]']

/** How long `url` waits to learn whether anything serves the address. */
const PROBE_MS = 2_000

const TURN_ON: LocalizedText = {
  en: 'The calendar feed is off. Turn it on with "onair config set calendar.subscribe.enabled true" (or in the app\'s Settings); the app or "onair run" then serves it.',
  ja: 'カレンダー配信はオフです。「onair config set calendar.subscribe.enabled true」（またはアプリの設定画面）でオンにすると、アプリか「onair run」が配信します。'
}
const NO_ADDRESS_YET: LocalizedText = {
  en: 'The calendar feed has no address yet: it gets one the first time the app or "onair run" serves it. Start one of them, then ask again.',
  ja: 'カレンダー配信のアドレスはまだありません。アプリか「onair run」が初めて配信するときに決まります。どちらかを起動してから、もう一度実行してください。'
}
const NOT_SERVED: LocalizedText = {
  en: 'Nothing serves this address right now: calendars reach it while the app or "onair run" runs.',
  ja: 'このアドレスは現在配信されていません。アプリか「onair run」の実行中にカレンダーから取得できます。'
}
const OLD_ONE_GONE: LocalizedText = {
  en: 'The old address answers 404 from now on: subscribe to the new one in your calendar.',
  ja: '古いアドレスは今後 404 を返します。カレンダーで新しいアドレスを購読し直してください。'
}

export const calendar: Command = {
  usage: USAGE,
  positionals: { min: 1, max: 1 },
  description: {
    en: '"url" prints the address of the calendar feed (setting calendar.subscribe.enabled) to subscribe to in Apple Calendar, Thunderbird or Outlook, and says on stderr when nothing serves it right now; exit 1 when the feed is off or has no address yet (it gets one the first time the app or "onair run" serves it). "new-url" makes a new address at once, also in a running app or "onair run": the old one answers 404 from then on. --json prints {"enabled","url","serving"} (url null while there is none).',
    ja: '「url」はカレンダー配信（設定 calendar.subscribe.enabled）のアドレスを表示します。Apple カレンダー、Thunderbird、Outlook で購読するためのものです。現在配信されていなければ標準エラーでそう伝えます。配信がオフのとき、またはアドレスがまだないとき（アプリか「onair run」が初めて配信するときに決まります）は終了コード 1 です。「new-url」はアドレスをすぐに作り直します（実行中のアプリや「onair run」にも反映され、古いアドレスは以後 404 を返します）。--json では {"enabled","url","serving"} を出力します（アドレスがなければ url は null）。'
  },
  options: {
    json: {
      type: 'boolean',
      help: { en: 'print {"enabled","url","serving"}', ja: '{"enabled","url","serving"} を出力する' }
    }
  },
  async run(ctx) {
    const [action] = ctx.positionals
    if (action !== 'url' && action !== 'new-url') {
      throw new UsageError({
        en: `Use one of: ${USAGE.map((u) => `onair ${u}`).join(', ')}.`,
        ja: `次のいずれかで指定してください: ${USAGE.map((u) => `onair ${u}`).join('、')}。`
      })
    }
    let found: Omit<Found, 'serving'>
    let secret: string | undefined
    try {
      const settings = settingsFileStore(ctx.config.dataDir, movedAside(ctx)).read()
      const store = feedFileStore(ctx.config.dataDir, movedAside(ctx))
      if (action === 'new-url') replaceFeedSecret(store)
      const doc = store.read()
      secret = doc.secret
      found = { action, enabled: settings.calendar.subscribe.enabled, url: savedFeedUrl(settings, doc) }
    } catch (e) {
      // A file that cannot be read or written: named, with what to do (report.ts).
      return failWith(ctx, e)
    }
    const serving = found.url !== undefined && found.enabled && (await answers(found.url, secret!))
    return report(ctx, { ...found, serving })
  }
}

interface Found {
  action: 'url' | 'new-url'
  enabled: boolean
  url: string | undefined
  serving: boolean
}

function report(ctx: CommandContext, { action, enabled, url, serving }: Found): ExitCode {
  // `new-url` did its job (the old address is retired) even where the new one is not complete yet.
  const code = action === 'new-url' || (enabled && url) ? EXIT.ok : EXIT.failure
  if (ctx.flags.json) {
    ctx.io.out(JSON.stringify({ enabled, url: url ?? null, serving }))
    return code
  }
  if (!enabled) ctx.io.err(ctx.t(TURN_ON))
  else if (!url) ctx.io.err(ctx.t(NO_ADDRESS_YET))
  if (url && (enabled || action === 'new-url')) ctx.io.out(url)
  if (action === 'new-url') ctx.io.err(ctx.t(OLD_ONE_GONE))
  else if (url && enabled && !serving) ctx.io.err(ctx.t(NOT_SERVED))
  return code
}

/**
 * Whether the folder's feed answers at `url`'s port: the one that knows the secret proves it
 * (address.ts). The request carries only a nonce, so another program on that port learns nothing.
 */
async function answers(url: string, secret: string): Promise<boolean> {
  const nonce = randomBytes(24).toString('base64url')
  try {
    const res = await fetch(`${new URL(url).origin}${FEED_PROOF_PATH}?nonce=${nonce}`, {
      signal: AbortSignal.timeout(PROBE_MS)
    })
    return res.ok && (await res.text()) === feedProof(secret, nonce)
  } catch {
    return false
  }
}
