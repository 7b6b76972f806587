/**
 * Linux knows Onair by one desktop id: the packaged package.json's desktopName names the .desktop
 * file, its StartupWMClass and the window's app_id (electron-builder LinuxTargetHelper.js, with
 * syncDesktopName), and Electron derives CHROME_DESKTOP from it (lib/browser/init.ts), by which it
 * claims onair:// and badges the launcher. The app names the same id in its autostart entry and
 * its notifications, and GNOME's shortcuts portal accepts only a reverse-DNS one (Electron's
 * global-shortcut.md). A mismatch passes every test on the double and fails on the desktop.
 */
import { join } from 'node:path'
import { extractFile } from '@electron/asar'
import { DESKTOP_ID } from '../../src/main/core/autostart'

/** At least three dot-separated parts, none starting with a digit (the Desktop Entry spec's D-Bus name rule). */
const REVERSE_DNS = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*){2,}$/

export function desktopIdProblems(desktopName: string | undefined, appId = DESKTOP_ID): string[] {
  const id = desktopName?.trim().replace(/\.desktop$/, '') ?? ''
  if (!REVERSE_DNS.test(id))
    return [`desktopName "${desktopName ?? ''}" is not a reverse-DNS id: GNOME Wayland would deny every shortcut`]
  if (id !== appId)
    return [`desktopName "${desktopName}" is not ${appId}.desktop, the id the app's autostart and notifications name`]
  return []
}

/** The check over a packaged folder (resources/app.asar). */
export function packagedDesktopIdProblems(appOut: string): string[] {
  const pkg = JSON.parse(extractFile(join(appOut, 'resources', 'app.asar'), 'package.json').toString('utf8')) as {
    desktopName?: string
  }
  return desktopIdProblems(pkg.desktopName)
}
