import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { tempDir } from '../../support/temp-dir'
import { startSessionBus } from './notification-server'

/**
 * dunst 1.9 (Debian's `dunst`), a notification server many Linux desktops use, on Xvfb with a
 * private session bus and its own config. Buttons are pressed the way its users press them:
 * dunst's context menu (org.dunstproject.cmd0 ContextMenuCall, what `dunstctl context` calls)
 * hands the config's `dmenu` command one line per action, `#<label> (<summary>) [<id>,<key>]`, and
 * invokes the line it prints (src/menu.c notification_dmenu_string, invoke_action); here a script
 * prints the line asked for, in place of the user choosing it.
 */
export interface Dunst {
  env: { DBUS_SESSION_BUS_ADDRESS: string }
  /**
   * Chooses `key` of the notification titled `summary` from dunst's menu, once it is offered;
   * resolves with the menu's lines.
   */
  press(summary: string, key: string): Promise<string[]>
  /** The summaries of the notifications taken off the screen (dunst's history, as `dunstctl history`). */
  closed(): string[]
  close(): void
}

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0

/** Why dunst cannot be started here; undefined when it can. */
export function dunstMissing(): string | undefined {
  const absent = [
    ...(has('dunst') ? [] : ['dunst']),
    ...(has('Xvfb') ? [] : ['Xvfb (xvfb)']),
    ...(has('dbus-send') ? [] : ['dbus-send (dbus)'])
  ]
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined
}

/**
 * Stands in for dmenu: keeps the menu it was given and prints the line holding both parts of the
 * choice, which it then removes (one choice, one press).
 */
const PICK = `#!/bin/sh
cat > "$1/menu"
[ -f "$1/choice" ] || exit 0
picked=$(grep -F -- "$(sed -n 1p "$1/choice")" "$1/menu" | grep -F -- "$(sed -n 2p "$1/choice")" | head -n 1)
[ -n "$picked" ] && cp "$1/menu" "$1/offered" && rm "$1/choice" && echo "$picked"
exit 0
`

/** A reminder (normal urgency) waits for its button as it would for a user away from the screen. */
const config = (folder: string) => `[global]
    dmenu = ${join(folder, 'pick')} ${folder}
[urgency_normal]
    timeout = 0
`

function line(stream: NodeJS.ReadableStream, child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: stream }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)))
  })
}

const until = async (done: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`dunst: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

export async function startDunst(): Promise<Dunst> {
  const folder = tempDir('onair-dunst-')
  // -displayfd: Xvfb picks a free display and writes its number, so parallel runs never collide.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '800x600x24'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe']
  })
  const bus = await startSessionBus(folder)
  const env = { PATH: process.env.PATH ?? '', HOME: folder, ...bus.env }
  let dunst: ChildProcess | undefined
  const close = () => {
    dunst?.kill()
    bus.close()
    xvfb.kill()
  }
  try {
    const display = await line(xvfb.stdio[3] as NodeJS.ReadableStream, xvfb, 'Xvfb')
    writeFileSync(join(folder, 'pick'), PICK)
    chmodSync(join(folder, 'pick'), 0o755)
    writeFileSync(join(folder, 'dunstrc'), config(folder))
    dunst = spawn('dunst', ['-config', join(folder, 'dunstrc')], {
      stdio: 'ignore',
      env: { ...env, DISPLAY: `:${display}` }
    })
    const send = (...args: string[]) =>
      spawnSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.Notifications',
          '/org/freedesktop/Notifications',
          ...args
        ],
        { env }
      )
    await until(() => send('org.dunstproject.cmd0.Ping').status === 0, 'did not come up')
    const choice = join(folder, 'choice')
    return {
      env: bus.env,
      async press(summary, key) {
        writeFileSync(choice, `(${summary}) [\n,${key}]\n`)
        // dunst offers only what is on screen, and refuses a menu while one is open: the menu is
        // opened until the line is in it.
        await until(() => {
          if (!existsSync(choice)) return true
          send('org.dunstproject.cmd0.ContextMenuCall')
          return false
        }, `no "${key}" for "${summary}" in the menu`)
        return readFileSync(join(folder, 'offered'), 'utf8').split('\n').filter(Boolean)
      },
      closed() {
        const history = send('org.dunstproject.cmd0.NotificationListHistory').stdout.toString()
        return [...history.matchAll(/string "summary"\s+variant\s+string "([^"]*)"/g)].map((m) => m[1]!)
      },
      close
    }
  } catch (e) {
    close()
    throw e
  }
}
