/**
 * What Linux cannot do for a copy it knows by no installed desktop entry (an AppImage, a folder):
 * `setAsDefaultProtocolClient` finds no entry named CHROME_DESKTOP and answers false
 * (browser_linux.cc), so onair:// links open another copy or nothing; and on GNOME Wayland the
 * global-shortcuts portal silently denies every bind of an app whose id matches no installed entry
 * (global-shortcut.md), so Electron's `register` answering true proves nothing.
 */
import { readFileSync } from 'node:fs'
import type { Locale, LocalizedText } from '../../shared/locale'
import { AUTOSTART_FILE } from '../core/autostart'
import { writeAtomic } from '../core/store/atomic-write'
import { dataFile } from '../core/store/data-files'
import type { Notifier } from '../core/notify'
import type { AppLog } from './log'

const LINKS_NOT_HERE: LocalizedText = {
  en: `onair:// links will not open this copy of Onair: Linux knows it by no installed desktop entry (${AUTOSTART_FILE}), as with an AppImage. Install the .deb, or see README "Troubleshooting".`,
  ja: `onair:// リンクはこの Onair では開きません。Linux にこのコピーのデスクトップエントリ（${AUTOSTART_FILE}）がインストールされていないためです（AppImage など）。.deb をインストールするか、README の「Troubleshooting」を参照してください。`
}

const SHORTCUTS_DENIED: LocalizedText = {
  en: `Global shortcuts cannot work in this copy of Onair: GNOME on Wayland lets only an app with an installed desktop entry (${AUTOSTART_FILE}) bind them. Install the .deb, or see README "Troubleshooting".`,
  ja: `この Onair ではグローバルショートカットを使えません。Wayland の GNOME では、デスクトップエントリ（${AUTOSTART_FILE}）がインストールされたアプリだけが登録できます。.deb をインストールするか、README の「Troubleshooting」を参照してください。`
}

/**
 * For a Linux copy whose claim of onair:// was refused: says so (once per copy) and returns why
 * global shortcuts cannot work, on GNOME Wayland; undefined where nothing is missing.
 */
export function withoutDesktopEntry(o: {
  refused: boolean
  dataDir: string
  env: NodeJS.ProcessEnv
  log: AppLog
  notifier: Notifier
  language: () => Locale
}): LocalizedText | undefined {
  if (process.platform !== 'linux' || !o.refused) return undefined
  o.log.write('warn', LINKS_NOT_HERE.en)
  try {
    oncePerCopy(o.dataDir, o.env['APPIMAGE'] ? APPIMAGE : process.execPath, () =>
      o.notifier.show({ id: 'links-not-here', title: 'Onair', body: LINKS_NOT_HERE[o.language()] })
    )
  } catch (e) {
    o.log.write('warn', 'could not note the desktop entry notice', e)
  }
  return gnomeWayland(o.env) ? SHORTCUTS_DENIED : undefined
}

/** A GNOME session on Wayland, where global shortcuts go through the desktop portal. */
function gnomeWayland(env: NodeJS.ProcessEnv): boolean {
  const wayland = env['XDG_SESSION_TYPE'] === 'wayland' || Boolean(env['WAYLAND_DISPLAY'])
  return process.platform === 'linux' && wayland && /gnome/i.test(env['XDG_CURRENT_DESKTOP'] ?? '')
}

/**
 * Every AppImage is one copy here: electron-updater writes an update under the new version's name
 * (AppImageUpdater.js, when the old name holds the version), and the path the notice was keyed by
 * before names the AppImage itself.
 */
const APPIMAGE = 'AppImage'
const sameCopy = (told: string, copy: string): boolean =>
  told === copy || (copy === APPIMAGE && /\.appimage$/i.test(told))

/** Calls `tell` the first time for this copy (the AppImage, else its path): not at every login or update. */
export function oncePerCopy(dataDir: string, copy: string, tell: () => void): void {
  const file = dataFile(dataDir, 'desktopEntryTold')
  let told = ''
  try {
    told = readFileSync(file, 'utf8')
  } catch {
    // Never told.
  }
  if (sameCopy(told, copy)) return
  tell()
  writeAtomic(file, copy)
}
