import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { historyFile } from '../../../src/main/core/reminders/files'
import { scheduleFileStore } from '../../../src/main/core/programs/schedule-file'
import { WRITE_FAULT_ENV } from '../../../src/main/core/store/write-fault'
import { startEmulator, type Emulator } from '../../emulator'
import { fakeIo } from '../../support/fake-io'
import { spawnCli } from './spawn-cli'
import { runOnair } from './spawn-onair'
import { tempDir } from '../../support/temp-dir'
import { savedDocument, savedRows } from '../../support/saved-documents'
import { databaseFile, type DocumentName } from '../../../src/main/core/store/data-files'
import { cliEnv, wikiEnv } from '../../support/signed-in-env'

/**
 * Each command that writes, as a real process, when the file system refuses the
 * write (a full disk, a permission change, a read-only file system; injected through
 * ONAIR_FAULT_WRITE because the suite runs as root and cannot fill a disk): a message in the
 * user's language naming the file and what to do, a non-zero exit, no stack trace, and the data
 * folder exactly as it was (the settings file, every saved row).
 */
/** What each command writes: a document of the database, or one of the two files the user may have. */
const COMMANDS: Array<[args: string[], written: DocumentName | 'settings.json' | 'secrets.json']> = [
  [['config', 'set', 'ui.locale', 'ja'], 'settings.json'],
  [['config', 'unset', 'ui.locale'], 'settings.json'],
  [['sign-in', '--insecure-storage', '--token', 'TOKEN'], 'secrets.json'],
  [['upcoming'], 'schedule'],
  [['catch-up'], 'catchUp'],
  [['catch-up', 'watched', '203', '--no-wait'], 'outbox'],
  [['record', '301', '--no-wait'], 'outbox'],
  [['status', '1', 'watching'], 'outbox'],
  [['inbox'], 'inbox'],
  [['outbox', 'discard', 'QUEUED'], 'outbox'],
  [['outbox', 'retry', 'QUEUED'], 'outbox'],
  [['calendar', 'new-url'], 'feed'],
  [['reminders', 'snooze', 'SHOWN'], 'snoozes'],
  // Last: a sign-out that does get through revokes the emulator's token.
  [['sign-out'], 'session']
]
/** The file a refused write names: the file itself, or the database a document is a row of. */
const fileOf = (dataDir: string, written: string): string =>
  written.endsWith('.json') ? join(dataDir, written) : databaseFile(dataDir)
const FAULTS: Array<[code: string, en: RegExp, ja: RegExp]> = [
  ['ENOSPC', /disk is full.*Free some space/, /ディスクがいっぱい/],
  ['EACCES', /not allowed to read or write.*chmod u\+rw/, /権限がありません/],
  ['EROFS', /read-only file system/, /読み取り専用/]
]

interface Outbox {
  entries: Array<{ id: string | number }>
}

/** What the folder keeps: the bytes of its two files and every saved row of the database. */
function snapshot(dir: string): Record<string, string> {
  const files = ['settings.json', 'secrets.json'].map((f) => [f, readFileSync(join(dir, f), 'utf8')])
  return { ...Object.fromEntries(files), ...savedRows(dir) }
}

const NOW = Date.now()

describe('writing commands when the file system refuses the write (real processes)', () => {
  let emu: Emulator
  const env = (dataDir: string) => cliEnv(emu, dataDir, wikiEnv(emu))
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  /**
   * A signed-in folder with a schedule, settings, an inbox and one queued record, as a user's would
   * be; its secrets in the plain file the user chose (the one case where they are a file here).
   */
  async function usedFolder(): Promise<string> {
    const dataDir = join(tempDir('onair-write-fault-'), 'data')
    const io = () => fakeIo(env(dataDir))
    expect(await runCli(['sign-in', '--insecure-storage', '--token', emu.tokens.readWrite], io())).toBe(0)
    expect(await runCli(['config', 'set', 'reminders.leadMinutes', '10'], io())).toBe(0)
    expect(await runCli(['upcoming'], io())).toBe(0)
    expect(await runCli(['catch-up'], io())).toBe(0)
    // A reminder shown of the schedule's first program, as the app or `onair run` would have kept it.
    const [shown] = scheduleFileStore(dataDir).read().programs
    const reminder = { key: `${shown!.id}:${shown!.startedAt}:10`, offsetMinutes: 10, fireAt: NOW, program: shown! }
    historyFile(dataDir).add([{ at: NOW, outcome: 'delivered', reminders: [reminder] }], NOW)
    expect(await runCli(['inbox'], io())).toBe(0)
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 503, times: 10 })
    expect(await runCli(['record', '302', '--no-wait'], io())).toBe(1)
    emu.faults.clear()
    return dataDir
  }

  const queued = (dataDir: string) => savedDocument<Outbox>(dataDir, 'outbox')!.entries
  /** The command line with its placeholders filled in: a token, the id of the queued record. */
  const concrete = (args: string[], dataDir: string): string[] => {
    const stand = {
      TOKEN: emu.tokens.readWrite,
      QUEUED: String(queued(dataDir)[0]?.id),
      SHOWN: String(scheduleFileStore(dataDir).read().programs[0]?.id)
    }
    return args.map((a) => stand[a as keyof typeof stand] ?? a)
  }

  for (const [args, written] of COMMANDS) {
    it(`onair ${args.join(' ')} (${written})`, async () => {
      const dataDir = await usedFolder()
      const [entry] = queued(dataDir)
      const command = concrete(args, dataDir)
      for (const [code, en, ja] of FAULTS) {
        const before = snapshot(dataDir)
        for (const [lang, words] of [
          ['C', en],
          ['ja_JP.UTF-8', ja]
        ] as const) {
          const run = await runOnair(command, { ...env(dataDir), LANG: lang, [WRITE_FAULT_ENV]: `${code}:${written}` })
          expect(run.code, `${code} ${lang}: ${run.stderr}`).not.toBe(0)
          expect(run.stderr).toContain(fileOf(dataDir, written))
          expect(run.stderr).toMatch(words)
          expect(run.stderr).not.toMatch(/internal error|\n\s+at /)
        }
        expect(snapshot(dataDir), code).toEqual(before)
      }
      // The record that waited still waits.
      expect(queued(dataDir)).toEqual([entry])
    }, 60_000)
  }

  // Not injected: the settings file really is a folder (moved back after each command).
  it.each(COMMANDS.filter(([, written]) => written === 'settings.json'))(
    'onair %j with its file replaced by a folder (%s): named, nothing lost',
    async (args, file) => {
      const dataDir = await usedFolder()
      const command = concrete(args, dataDir)
      const path = join(dataDir, file)
      const before = snapshot(dataDir)
      const moved = existsSync(path)
      if (moved) renameSync(path, `${path}.kept`)
      mkdirSync(path)
      try {
        const run = await runOnair(command, { ...env(dataDir), LANG: 'C' })
        expect(run.code, run.stderr).not.toBe(0)
        expect(run.stderr).toContain(`${path} is a folder`)
        expect(run.stderr).not.toMatch(/internal error|\n\s+at /)
      } finally {
        rmdirSync(path)
        if (moved) renameSync(`${path}.kept`, path)
      }
      expect(snapshot(dataDir)).toEqual(before)
    },
    60_000
  )

  // The daemon does not end on a refused write: it says so, in the user's words, and goes on.
  it('onair run: a refused schedule write is an error line naming the file, the daemon goes on, the saved schedule kept', async () => {
    const dataDir = await usedFolder()
    const schedule = () => JSON.stringify(savedDocument(dataDir, 'schedule'))
    const saved = schedule()
    for (const [code, en, ja] of FAULTS) {
      for (const [lang, words] of [
        ['C', en],
        ['ja_JP.UTF-8', ja]
      ] as const) {
        const faulty = { ...env(dataDir), LANG: lang, [WRITE_FAULT_ENV]: `${code}:schedule` }
        const daemon = spawnCli(['run', '--json'], faulty)
        try {
          const line = JSON.parse(await daemon.line((l) => l.includes('"error"'), 20_000)) as { message: string }
          expect(line.message).toContain(databaseFile(dataDir))
          expect(line.message).toMatch(words)
          expect(daemon.child.exitCode).toBeNull()
        } finally {
          daemon.child.kill('SIGINT')
        }
        expect(await daemon.code).toBe(0)
        expect(daemon.stderr()).not.toMatch(/internal error|\n\s+at /)
        expect(schedule()).toBe(saved)
      }
    }
  }, 120_000)
})
