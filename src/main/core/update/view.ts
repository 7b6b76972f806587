/**
 * The updater's words, in both languages: the status line and the buttons of Settings → About,
 * and the tray's offer, which say the same. The window shows them as they come (it keeps no copy).
 */
import type { UpdateAction, UpdateView } from '../../../shared/contract'
import type { LocalizedText, Locale } from '../../../shared/locale'
import { localTime } from '../reminders/reminder-text'
import { shouldCheck, updateOffer, type UpdateMode, type UpdateState } from './policy'

const STATUS = {
  development: { en: 'Updates are off in a development run.', ja: '開発用の実行では更新を確認しません。' },
  'no-feed': { en: 'This build does not update itself.', ja: 'このビルドは自動で更新しません。' },
  'insecure-feed': {
    en: 'This build does not update itself: its update address is not https.',
    ja: 'このビルドの更新先のアドレスが https ではないため、自動で更新しません。'
  },
  never: { en: 'Not checked for updates yet.', ja: 'まだ更新を確認していません。' },
  upToDate: { en: 'Up to date (checked {time}).', ja: '最新です（{time} に確認）。' },
  checking: { en: 'Checking for updates…', ja: '更新を確認しています…' },
  downloading: { en: 'Downloading {new}…', ja: '{new} をダウンロードしています…' },
  ready: { en: '{new} will be installed when Onair quits.', ja: '{new} は Onair の終了時にインストールされます。' },
  timeout: { en: 'The update server did not answer ({time}).', ja: '更新サーバーが応答しませんでした（{time}）。' },
  check: {
    en: 'Could not check for updates ({time}); see the log.',
    ja: '更新を確認できませんでした（{time}）。ログを確認してください。'
  },
  download: {
    en: 'The update did not download correctly; nothing was installed.',
    ja: '更新を正しくダウンロードできなかったため、何もインストールしていません。'
  }
} satisfies Record<string, LocalizedText>

/** A copy that cannot replace itself says how to update instead. */
const HOW_TO: Record<Extract<UpdateMode, { kind: 'manual' }>['why'], LocalizedText> = {
  package: {
    en: '{new} is out. Onair was installed as a system package and cannot update itself: install the new package from the download.',
    ja: '{new} が公開されています。Onair はシステムのパッケージとしてインストールされているため自動で更新できません。ダウンロードした新しいパッケージをインストールしてください。'
  },
  'per-machine': {
    en: '{new} is out. Onair is installed for all users and cannot update itself: run the new installer as an administrator.',
    ja: '{new} が公開されています。Onair はすべてのユーザー用にインストールされているため自動で更新できません。新しいインストーラーを管理者として実行してください。'
  },
  portable: {
    en: '{new} is out. This copy cannot update itself: replace it with the download.',
    ja: '{new} が公開されています。このコピーは自動で更新できません。ダウンロードしたもので置き換えてください。'
  }
}

const VERSION: LocalizedText = { en: 'Version {version} · {status}', ja: 'バージョン {version} · {status}' }

const LABELS: Record<UpdateAction, LocalizedText> = {
  check: { en: 'Check now', ja: '今すぐ確認' },
  restart: { en: 'Restart to update to {new}', ja: '再起動して {new} に更新' },
  download: { en: 'Download {new}…', ja: '{new} をダウンロード…' },
  later: { en: 'Later', ja: '後で' }
}

interface TimeContext {
  now: number
  timeZone: string | undefined
}

/** Fills `{new}` with a version and `{time}` with a moment, each shown in its language. */
function say(words: LocalizedText, fill: { new?: string; time?: { at: number } & TimeContext } = {}): LocalizedText {
  const one = (locale: Locale) => {
    const { time } = fill
    const when = time
      ? localTime(new Date(time.at).toISOString(), { locale, timeZone: time.timeZone, now: time.now })
      : ''
    return words[locale].replace('{new}', fill.new ?? '').replace('{time}', when)
  }
  return { en: one('en'), ja: one('ja') }
}

function status(state: UpdateState, ctx: TimeContext): LocalizedText {
  const { mode, phase } = state
  const time = state.lastCheckAt === null ? undefined : { at: state.lastCheckAt, ...ctx }
  if (mode.kind === 'off') return say(STATUS[mode.why])
  switch (phase.name) {
    case 'idle':
      return time ? say(STATUS.upToDate, { time }) : say(STATUS.never)
    case 'checking':
      return say(STATUS.checking)
    case 'downloading':
      return say(STATUS.downloading, { new: phase.version })
    case 'ready':
      return say(STATUS.ready, { new: phase.version })
    case 'available':
      return say(HOW_TO[mode.kind === 'manual' ? mode.why : 'portable'], { new: phase.version })
    case 'failed':
      return say(STATUS[phase.why], { time })
  }
}

const action = (id: UpdateAction, version?: string) => ({ id, label: say(LABELS[id], { new: version }) })

/** The offer and "Later" while the user has not answered (the tray shows these too). */
export function offerActions(state: UpdateState): Array<{ id: UpdateAction; label: LocalizedText }> {
  const offer = updateOffer(state)
  return offer ? [action(offer.kind, offer.version), action('later')] : []
}

/** About's buttons: the offer, else "Check now" when a check may start. */
function updateActions(state: UpdateState): Array<{ id: UpdateAction; label: LocalizedText }> {
  const offered = offerActions(state)
  if (offered.length > 0) return offered
  // Offered where the user's press would start a check (offline aside: a press then does nothing).
  return shouldCheck(state, 0, true, true) ? [action('check')] : []
}

export function updateView(state: UpdateState, version: string, ctx: TimeContext): UpdateView {
  const line = status(state, ctx)
  const full = (locale: Locale) => VERSION[locale].replace('{version}', version).replace('{status}', line[locale])
  return {
    status: { en: full('en'), ja: full('ja') },
    actions: updateActions(state)
  }
}
