import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../../support/temp-dir'
import { startSessionBus, type SessionBus } from './notification-server'

/**
 * A real freedesktop Secret Service, gnome-keyring 42 (Debian's gnome-keyring), on a private
 * session bus with a throwaway HOME (TOOLCHAIN.md "A real Secret Service"): never the user's
 * keyring. `secret-tool` (libsecret-tools) looks at its items as any other client would.
 */
const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0

/** Why no Secret Service can be started here; undefined when one can. */
export function secretServiceMissing(): string | undefined {
  const absent = [
    ...(has('dbus-daemon') ? [] : ['dbus-daemon (dbus)']),
    ...(has('gnome-keyring-daemon') ? [] : ['gnome-keyring-daemon (gnome-keyring)']),
    ...(has('secret-tool') ? [] : ['secret-tool (libsecret-tools)'])
  ]
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined
}

export interface SecretService {
  /** DBUS_SESSION_BUS_ADDRESS, for the processes that use it. */
  env: { DBUS_SESSION_BUS_ADDRESS: string }
  /** Stops the daemon and starts it again without the password: its keyring is then locked. */
  lock(): Promise<void>
  /** `secret-tool lookup service <service> username <account>`: the item's secret, or undefined. */
  lookup(service: string, account: string): string | undefined
  close(): void
}

const PASSWORD = 'onair-test-keyring'

export async function startSecretService(): Promise<SecretService> {
  const home = tempDir('onair-keyring-home-')
  const runtime = join(home, 'run')
  mkdirSync(runtime, { mode: 0o700 })
  const base = { PATH: process.env.PATH ?? '', HOME: home, XDG_RUNTIME_DIR: runtime }
  const bus: SessionBus = await startSessionBus(home, base)
  const env = { ...base, ...bus.env }
  let daemon: ChildProcess | undefined
  const start = async (unlock: boolean) => {
    const args = ['--foreground', '--components=secrets', ...(unlock ? ['--unlock'] : [])]
    const child = spawn('gnome-keyring-daemon', args, { env, stdio: ['pipe', 'ignore', 'ignore'] })
    // --unlock reads the login keyring's password on stdin (and creates the keyring with it).
    child.stdin!.end(unlock ? PASSWORD : '')
    daemon = child
    // Up once it owns its name on the bus.
    for (let i = 0; i < 100; i++) {
      const owner = spawnSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/',
          'org.freedesktop.DBus.NameHasOwner',
          'string:org.freedesktop.secrets'
        ],
        { env }
      )
      if (owner.stdout.toString().includes('boolean true')) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('gnome-keyring-daemon did not take org.freedesktop.secrets')
  }
  const stop = async () => {
    const child = daemon
    if (!child || child.exitCode !== null) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill()
    await gone
  }
  await start(true)
  return {
    env: bus.env,
    async lock() {
      await stop()
      await start(false)
    },
    lookup(service, account) {
      const found = spawnSync('secret-tool', ['lookup', 'service', service, 'username', account], { env })
      return found.status === 0 ? found.stdout.toString() : undefined
    },
    close() {
      daemon?.kill()
      bus.close()
    }
  }
}
