import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron'
import errorIcon from '../../../build/tray-error.png?asset'
import idleIcon from '../../../build/tray-idle.png?asset'
import offlineIcon from '../../../build/tray-offline.png?asset'
import signedOutIcon from '../../../build/tray-signed-out.png?asset'
import soonIcon from '../../../build/tray-soon.png?asset'
import type { Locale } from '../core/config'
import { episodeLabel, localTime } from '../core/schedule/reminder-text'
import { formatCountdown, type TrayIcon, type TrayState } from '../core/schedule/tray-state'

export interface TrayActions {
  open: () => void
  quit: () => void
  /** Shows the inbox view; without it the tray has no inbox entry. */
  openInbox?: () => void
  /** "Refresh now": polls the schedule. */
  refresh?: () => void
  openSettings?: () => void
  /** A program of the menu was chosen: its quick record. */
  openProgram?: (programId: number) => void
  locale: () => Locale
  timeZone: () => string | undefined
}

export interface OnairTray {
  /** Call on every schedule change and once a minute, so countdowns stay true. */
  setSchedule(state: TrayState): void
  /** The core's `inbox:changed` count: the menu shows "Inbox (N)". */
  setInboxCount(unseen: number): void
  destroy(): void
}

const STATUS: Record<TrayIcon, { en: string; ja: string } | null> = {
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
  next: { en: 'Next', ja: '次' }
}

/**
 * The tray: an icon per state (signed out > error > offline > airing soon > idle, decided by the
 * pure `trayState`), the state in words in the tooltip and the menu's first line, the next five
 * programs with local time and countdown, and the app's actions.
 */
// Drawn by scripts/tray-icons.ts: the mark, greyed when offline or signed out, with a badge for
// "airing soon" (amber) and errors (red).
const ICONS: Record<TrayIcon, string> = {
  'signed-out': signedOutIcon,
  error: errorIcon,
  offline: offlineIcon,
  soon: soonIcon,
  idle: idleIcon
}
const image = (icon: TrayIcon) => nativeImage.createFromPath(ICONS[icon]).resize({ width: 16, height: 16 })

export function createTray(actions: TrayActions): OnairTray {
  const tray = new Tray(image('idle'))
  let shownIcon: TrayIcon = 'idle'
  let schedule: TrayState | null = null
  let unseen = 0

  function render(): void {
    const locale = actions.locale()
    const t = (text: { en: string; ja: string }) => text[locale]
    const items: MenuItemConstructorOptions[] = []
    const status = schedule ? STATUS[schedule.icon] : null
    if (status) items.push({ label: t(status), enabled: false }, { type: 'separator' })
    if (schedule && schedule.icon !== 'signed-out') {
      if (schedule.nextPrograms.length === 0) items.push({ label: t(L.empty), enabled: false })
      for (const { program, startsInMs, onAir } of schedule.nextPrograms) {
        const when = onAir ? t(L.onAir) : formatCountdown(startsInMs)
        const episode = episodeLabel(program, locale)
        items.push({
          label: `${localTime(program.startedAt, { locale, timeZone: actions.timeZone(), now: Date.now() })}  ${program.work.title}${episode ? ` ${episode}` : ''}  (${when})`,
          click: () => (actions.openProgram ?? (() => actions.open()))(program.id)
        })
      }
      items.push({ type: 'separator' })
    }
    if (actions.refresh) items.push({ label: t(L.refresh), click: actions.refresh })
    items.push({ label: t(L.open), click: actions.open })
    if (actions.openInbox)
      items.push({ label: unseen > 0 ? `${t(L.inbox)} (${unseen})` : t(L.inbox), click: actions.openInbox })
    if (actions.openSettings) items.push({ label: t(L.settings), click: actions.openSettings })
    items.push({ type: 'separator' }, { label: t(L.quit), click: actions.quit })
    tray.setContextMenu(Menu.buildFromTemplate(items))
    tray.setToolTip(tooltip(locale, t))
  }

  function tooltip(locale: Locale, t: (text: { en: string; ja: string }) => string): string {
    const parts = ['Onair']
    const status = schedule ? STATUS[schedule.icon] : null
    if (status) parts.push(t(status))
    const next = schedule?.tooltip.next
    if (next) {
      const when = next.onAir ? t(L.onAir) : next.countdown
      parts.push(`${t(L.next)}: ${next.title}${next.episode ? ` ${next.episode}` : ''} (${next.channel}) ${when}`)
    }
    if (unseen > 0) parts.push(locale === 'ja' ? `未読 ${unseen} 件` : `${unseen} unread`)
    return parts.join(' — ')
  }

  // Windows and Linux users expect a left click on the icon to open the app.
  tray.on('click', actions.open)
  render()
  return {
    setSchedule(state) {
      schedule = state
      if (state.icon !== shownIcon) {
        shownIcon = state.icon
        tray.setImage(image(state.icon))
      }
      render()
    },
    setInboxCount(n) {
      unseen = n
      render()
    },
    destroy: () => tray.destroy()
  }
}
