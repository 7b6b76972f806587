import { spawn } from 'node:child_process'
import { win32 } from 'node:path'
import { onairLink, type OnairLink } from '../../shared/onair-link'
import { childEnv } from '../core/secret-env'
import { webUrl } from '../core/web-url'

type Env = Record<string, string | undefined>

export interface OpenerCommand {
  command: string
  args: string[]
}

/**
 * How each system opens a web address, as a program and its argument list: no shell ever parses
 * the address. On Windows that rules out `cmd /c start`, where `|`, `^`, `&` and `%…%` in an address
 * are read by cmd.exe; `url.dll`'s FileProtocolHandler hands the address to the default browser
 * as it is, and is called by its full path so that no `rundll32` earlier on PATH is run instead.
 * Undefined where there is nothing to open with (Linux without a display: ssh, CI, a container).
 */
export function openerCommand(url: string, platform: NodeJS.Platform, env: Env): OpenerCommand | undefined {
  if (platform === 'darwin') return { command: 'open', args: [url] }
  if (platform === 'win32') {
    const system32 = win32.join(env.SystemRoot || env.windir || 'C:\\Windows', 'System32')
    return { command: win32.join(system32, 'rundll32.exe'), args: ['url.dll,FileProtocolHandler', url] }
  }
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined
  return { command: 'xdg-open', args: [url] }
}

/**
 * Starts the opener, if any, detached. Failure is silent on purpose: what it would open is always
 * said otherwise too. The opener gets the environment without Onair's secrets (secret-env.ts).
 */
function start(opener: OpenerCommand | undefined, env: Env): void {
  if (!opener) return
  try {
    const child = spawn(opener.command, opener.args, { detached: true, stdio: 'ignore', env: childEnv(env) })
    child.on('error', () => undefined)
    child.unref()
  } catch {
    // No opener installed.
  }
}

/**
 * Opens the system browser where there is one, for web addresses only (web-url.ts): the URL is
 * always printed too, and a headless box is a normal place to run the CLI.
 */
export function systemOpener(env: Env, platform: NodeJS.Platform = process.platform) {
  return async (url: string): Promise<void> => {
    const address = webUrl(url)
    start(address === undefined ? undefined : openerCommand(address, platform, env), env)
  }
}

/** Opens one of Onair's own links with the system's handler of `onair://`: the app, where installed. */
export function onairLinkOpener(env: Env, platform: NodeJS.Platform = process.platform) {
  return (link: OnairLink): void => start(openerCommand(onairLink(link.kind, link.id), platform, env), env)
}
