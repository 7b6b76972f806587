/**
 * What the tray says, decided without touching Electron: the menu template and the tooltip for a
 * tray state, in the user's language. `shell/tray.ts` only hands them to the OS.
 */
import type { Locale } from '../../shared/locale'
import type { MenuItemConstructorOptions } from 'electron'
import type { LocalizedText } from '../../shared/contract/common'
import type { UpdateAction } from '../../shared/contract/update'
import { episodeLabel } from '../../shared/episode-label'
import { localTime } from '../core/reminders/reminder-text'
import { formatCountdown, type TrayIcon, type TrayState } from '../core/tray/tray-state'

export interface TrayActions {
  open: () => void
  quit: () => void
  openInbox: () => void
  /** "Catch up (3)": the window's catch-up list. */
  openCatchUp: () => void
  /** "Refresh now": polls the schedule. */
  refresh: () => void
  openSettings: () => void
  /** A program of the menu was chosen: its quick record. */
  openProgram: (programId: number) => void
  /** The update offer's "Restart to update to X.Y.Z" / "Later" (core/update). */
  update: (action: UpdateAction) => void
}

export interface TrayView {
  schedule: TrayState | null
  unseen: number
  /** Episodes aired and not recorded (core/catch-up); 0 shows nothing. */
  catchUp: number
  locale: Locale
  timeZone: string | undefined
  now: number
  /** The update offer, until the user answers it (`offerActions`). */
  updateOffer: ReadonlyArray<{ id: UpdateAction; label: LocalizedText }>
}

const STATUS: Record<TrayIcon, LocalizedText | null> = {
  'signed-out': { en: 'Signed out: sign in from Settings', ja: 'サインアウト中: 設定からサインインしてください' },
  error: { en: 'Cannot update the schedule', ja: '番組表を更新できません' },
  offline: { en: 'Offline: showing the saved schedule', ja: 'オフライン: 保存済みの番組表を表示中' },
  soon: null,
  idle: null
}

const L = {
  open: { en: 'Open schedule', ja: '番組表を開く' },
  refresh: { en: 'Refresh now', ja: '今すぐ更新' },
  settings: { en: 'Settings…', ja: '設定…' },
  inbox: { en: 'Inbox', ja: '受信箱' },
  quit: { en: 'Quit Onair', ja: 'Onair を終了' },
  empty: { en: 'Nothing unwatched coming up', ja: '未視聴の放送予定はありません' },
  onAir: { en: 'on air', ja: '放送中' },
  next: { en: 'Next', ja: '次' },
  unread: { en: '{n} unread', ja: '未読 {n} 件' },
  catchUp: { en: 'Catch up ({n})', ja: '見逃し ({n})' },
  toCatchUp: { en: '{n} to catch up', ja: '見逃し {n} 話' }
} satisfies Record<string, LocalizedText>

/**
 * Windows cuts a tray tooltip at 127 characters (NOTIFYICONDATA's 128 UTF-16 units with the final
 * NUL); the others show more, but a longer tooltip helps nobody.
 */
export const TOOLTIP_MAX = 127

/** Menus read `&` as a mnemonic marker (Windows, Linux; macOS strips it): `&&` shows one `&`. */
export const menuText = (text: string): string => text.replaceAll('&', '&&')

export function trayMenu(view: TrayView, actions: TrayActions): MenuItemConstructorOptions[] {
  const { schedule, locale } = view
  const t = (text: LocalizedText): string => text[locale]
  const items: MenuItemConstructorOptions[] = []
  const status = schedule ? STATUS[schedule.icon] : null
  if (status) items.push({ label: t(status), enabled: false }, { type: 'separator' })
  if (view.updateOffer.length > 0) {
    for (const offered of view.updateOffer)
      items.push({ label: menuText(t(offered.label)), click: () => actions.update(offered.id) })
    items.push({ type: 'separator' })
  }
  if (schedule && schedule.icon !== 'signed-out') {
    if (schedule.nextPrograms.length === 0) items.push({ label: t(L.empty), enabled: false })
    for (const { program, watchAt, startsInMs, onAir } of schedule.nextPrograms) {
      const when = onAir ? t(L.onAir) : formatCountdown(startsInMs)
      const episode = episodeLabel(program.episode, locale)
      // When it can be watched (a channel's offset moves it), as the reminder will say.
      const time = localTime(new Date(watchAt).toISOString(), { locale, timeZone: view.timeZone, now: view.now })
      items.push({
        label: menuText(`${time}  ${program.work.title}${episode ? ` ${episode}` : ''}  (${when})`),
        click: () => actions.openProgram(program.id)
      })
    }
    items.push({ type: 'separator' })
  }
  if (view.catchUp > 0 && schedule?.icon !== 'signed-out')
    items.push({ label: t(L.catchUp).replace('{n}', String(view.catchUp)), click: actions.openCatchUp })
  items.push(
    { label: t(L.refresh), click: actions.refresh },
    { label: t(L.open), click: actions.open },
    { label: view.unseen > 0 ? `${t(L.inbox)} (${view.unseen})` : t(L.inbox), click: actions.openInbox },
    { label: t(L.settings), click: actions.openSettings },
    { type: 'separator' },
    { label: t(L.quit), click: actions.quit }
  )
  return items
}

/**
 * "Onair — status — Next: title ep (channel) 7m — 3 unread", within TOOLTIP_MAX: when it does not
 * fit, the program title gives way (ending in "…"), never the state, the time or the count.
 */
export function trayTooltip(view: TrayView): string {
  const { schedule, locale } = view
  const t = (text: LocalizedText): string => text[locale]
  const status = schedule ? STATUS[schedule.icon] : null
  const next = schedule?.tooltip.next
  const episode = episodeLabel(next?.episode ?? null, locale)
  const unread = view.unseen > 0 ? t(L.unread).replace('{n}', String(view.unseen)) : null
  const catchUp =
    view.catchUp > 0 && schedule?.icon !== 'signed-out' ? t(L.toCatchUp).replace('{n}', String(view.catchUp)) : null
  const compose = (title: string | null): string =>
    [
      'Onair',
      status ? t(status) : null,
      next && title !== null
        ? `${t(L.next)}: ${title}${episode ? ` ${episode}` : ''} (${next.channel}) ${next.onAir ? t(L.onAir) : next.countdown}`
        : null,
      catchUp,
      unread
    ]
      .filter((part) => part !== null)
      .join(' — ')
  const full = compose(next?.title ?? null)
  if (!next || full.length <= TOOLTIP_MAX) return truncate(full, TOOLTIP_MAX)
  const spare = TOOLTIP_MAX - compose('').length
  return truncate(compose(spare > 1 ? truncate(next.title, spare) : ''), TOOLTIP_MAX)
}

/** At most `max` UTF-16 units (Windows' measure), cut between code points so no emoji is split. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  let kept = ''
  for (const char of text) {
    if (kept.length + char.length > max - 1) break
    kept += char
  }
  return `${kept}…`
}
