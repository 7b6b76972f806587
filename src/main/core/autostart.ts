/**
 * Linux "launch at login": an XDG autostart entry (`$XDG_CONFIG_HOME/autostart/app.onair.Onair.desktop`),
 * which GNOME, KDE, Xfce and the rest start at login. Decided here as text and a path; the shell
 * writes or removes the file. macOS and Windows use Electron's login-item API instead.
 */
import { join } from 'node:path'

/**
 * Onair's desktop id: the installed .desktop file's name (package.json `desktopName`, which
 * electron-builder also writes as StartupWMClass), the window's app_id, the launcher badge's and
 * the notifications' `desktop-entry`. Reverse-DNS, as the desktop portal asks of an app that binds
 * global shortcuts (Electron's global-shortcut.md).
 */
export const DESKTOP_ID = 'app.onair.Onair'
export const AUTOSTART_FILE = `${DESKTOP_ID}.desktop`
/** Passed at login so the app waits in the tray (when the user wants that). */
export const HIDDEN_FLAG = '--hidden'

export function autostartPath(env: Record<string, string | undefined>, home: string): string {
  const config = env['XDG_CONFIG_HOME'] || join(home, '.config')
  return join(config, 'autostart', AUTOSTART_FILE)
}

/**
 * One Exec argument, quoted as the Desktop Entry spec asks: plain words as they are, anything else
 * in double quotes with `"`, `` ` ``, `$` and `\` escaped; `%` doubled (field codes).
 */
export function execArg(arg: string): string {
  const plain = /^[\w/.+,:=@-]+$/.test(arg)
  const quoted = plain ? arg : `"${arg.replace(/[\\"`$]/g, '\\$&')}"`
  return quoted.replaceAll('%', '%%')
}

/** `enabled` false keeps an entry the user switched off in the desktop's startup settings. */
export function autostartEntry(command: readonly string[], enabled = true): string {
  // The file's own string escaping comes on top of the Exec quoting: a backslash is written twice.
  const exec = [...command, HIDDEN_FLAG].map(execArg).join(' ').replaceAll('\\', '\\\\')
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Onair',
    'Comment=Tray reminders for the anime you watch',
    `Exec=${exec}`,
    'Icon=onair',
    'Terminal=false',
    `X-GNOME-Autostart-enabled=${enabled}`,
    ''
  ].join('\n')
}
