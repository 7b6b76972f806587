/**
 * Linux "launch at login": an XDG autostart entry (`$XDG_CONFIG_HOME/autostart/onair.desktop`),
 * which GNOME, KDE, Xfce and the rest start at login. Decided here as text and a path; the shell
 * writes or removes the file. macOS and Windows use Electron's login-item API instead.
 */
import { join } from 'node:path'

/** The same name as the installed .desktop file (package.json `desktopName`). */
export const AUTOSTART_FILE = 'onair.desktop'
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

export function autostartEntry(command: readonly string[]): string {
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
    'X-GNOME-Autostart-enabled=true',
    ''
  ].join('\n')
}
