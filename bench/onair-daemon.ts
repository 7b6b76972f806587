import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { startEmulator, type Emulator } from '../test/emulator/index'
import { saveSettings } from '../test/support/saved-settings'
import { scratchDir } from '../test/support/temp-dir'
import type { SettingsInput } from '../src/shared/settings'

/**
 * What the daemon benches share: an emulator with `programs` more programs in the 48-hour window,
 * a fresh data folder signed in to it through the built `onair`, and readings of a process's
 * resident set and CPU time from /proc (Linux).
 */
export const root = resolve(import.meta.dirname, '..')
export const BIN = join(root, 'out/cli/onair.cjs')

export interface Folder {
  emu: Emulator
  env: Record<string, string>
  close(): Promise<void>
}

export async function signedInFolder(programs: number, settings?: SettingsInput): Promise<Folder> {
  const emu = await startEmulator({ port: 0 })
  if (programs > 0) emu.seedPrograms(programs, { startFrom: Date.now() + 60_000, spacingMinutes: (47 * 60) / programs })
  const dir = scratchDir('onair-bench-daemon-')
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    ONAIR_DATA_DIR: join(dir, 'data'),
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret
  }
  const close = async () => {
    await emu.close()
    rmSync(dir, { recursive: true, force: true })
  }
  // Before the sign-in, which adds its choice of store to them.
  if (settings) {
    mkdirSync(env.ONAIR_DATA_DIR, { recursive: true, mode: 0o700 })
    saveSettings(env.ONAIR_DATA_DIR, settings)
  }
  // Not spawnSync: the emulator answering the sign-in runs in this process. The secrets in the plain
  // file, as on a headless machine: a bench never touches the user's keyring.
  const args = [BIN, 'sign-in', '--insecure-storage', '--token', emu.tokens.readWrite]
  const signIn = spawn(process.execPath, args, { env, stdio: 'ignore' })
  if ((await new Promise((res) => signIn.on('close', res))) !== 0) {
    await close()
    throw new Error('sign-in failed')
  }
  return { emu, env, close }
}

/**
 * `node args`; `found` resolves with what `pick` returns for the first stdout line it returns
 * anything for, and the ms from the spawn to that line.
 */
export function spawnUntil<T>(args: string[], env: Record<string, string>, pick: (line: string) => T | undefined) {
  const spawnedAt = Date.now()
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'ignore'] })
  const closed = new Promise((res) => child.on('close', res))
  const found = new Promise<{ value: T; lineMs: number }>((res, rej) => {
    child.on('exit', (code) => rej(new Error(`node ${args.join(' ')} exited ${code} before the line`)))
    createInterface({ input: child.stdout }).on('line', (line) => {
      const value = pick(line)
      if (value !== undefined) res({ value, lineMs: Date.now() - spawnedAt })
    })
  })
  return {
    child,
    spawnedAt,
    found,
    async stop() {
      child.kill('SIGINT')
      await closed
    }
  }
}

/**
 * `onair run --json` on the folder, resolved once its first poll line is out, with the programs
 * that poll cached. `env` adds to the folder's (a session bus's address: the daemon then connects
 * its D-Bus notification client).
 */
export async function startDaemon(folder: Folder, env: Record<string, string> = {}) {
  const daemon = spawnUntil([BIN, 'run', '--json'], { ...folder.env, ...env }, (line) => {
    const parsed = JSON.parse(line) as { type?: string; programs?: number }
    return parsed.type === 'poll' ? (parsed.programs ?? 0) : undefined
  })
  return { ...daemon, programs: (await daemon.found).value }
}

/** Resident set in MB (Linux's /proc: the daemon benches run on Linux only). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  if (!kb) throw new Error(`no VmRSS for ${pid}`)
  return Number(kb) / 1024
}

/** User + system CPU time of a process in ms (Linux, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms))
