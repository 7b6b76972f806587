import { spawn, spawnSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { receiptOf } from '../../../src/main/core/store/data-files'
import { documentText } from '../../../src/main/core/store/document-backend'
import { settingKeys } from '../../../src/main/core/store/setting-facts'
import { describeSettings } from '../../../src/main/core/store/setting-keys'
import { defaultSettings } from '../../../src/shared/settings'
import { scratchDir, tempDir } from '../../support/temp-dir'
import { savedSchedule } from '../schedule/fixtures'
import { CLI_ENTRY } from './spawn-cli'

/**
 * `onair config get`, `config list` and `upcoming --from-cache` start without zod when the files'
 * receipts vouch for them (core/store/receipt.ts; BENCHMARKS.md issue 25). Shown with a copy of the
 * built command line whose zod chunks are deleted: it answers those commands, as the real one
 * does, exactly when no zod is needed, and cannot start anything that would load zod. Whatever the
 * receipts say, a changed file is still validated by the real command line as before.
 */
const built = dirname(CLI_ENTRY)
const copy = join(scratchDir('onair-zodless-'), 'cli')
cpSync(built, copy, { recursive: true })
const zodChunks = readdirSync(copy, { recursive: true, encoding: 'utf8' })
  .map((f) => join(copy, f))
  .filter((f) => statSync(f).isFile() && readFileSync(f, 'utf8').includes('// node_modules/zod/'))
for (const f of zodChunks) rmSync(f)
afterAll(() => rmSync(dirname(copy), { recursive: true, force: true }))

function onair(entry: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [entry, ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env }
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}
const real = (args: string[], dataDir: string, env?: Record<string, string>) => onair(CLI_ENTRY, args, dataDir, env)
const zodless = (args: string[], dataDir: string) => onair(join(copy, basename(CLI_ENTRY)), args, dataDir)
const NEEDS_ZOD = /Cannot find module|ERR_MODULE_NOT_FOUND/

const folder = () => join(tempDir('onair-receipts-'), 'data')

const settingsIn = (dir: string) => join(dir, 'settings.json')

describe('reading settings and the schedule without zod', () => {
  it('the copy really has no zod: a change of setting, which validates, cannot run', () => {
    expect(zodChunks.length).toBeGreaterThan(0)
    const r = zodless(['config', 'set', 'ui.locale', 'ja'], folder())
    expect(r.code).not.toBe(0)
    expect(r.stderr).toMatch(NEEDS_ZOD)
  })

  it('a folder without settings: list and get from the built keys and defaults, the schema’s own', () => {
    const dir = folder()
    const list = zodless(['config', 'list'], dir)
    expect(list.code).toBe(0)
    const keys = list.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split(' = ')[0])
    expect(keys).toEqual(settingKeys(describeSettings().keys))
    expect(JSON.parse(zodless(['config', 'list', '--json'], dir).stdout)).toEqual(defaultSettings())
    expect(zodless(['config', 'get', 'reminders.channels.12.muted'], dir)).toMatchObject({ code: 0, stdout: '' })
    const unknown = zodless(['config', 'get', 'reminders.quietHours'], dir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('There is no setting "reminders.quietHours"')
    expect(unknown.stderr).toContain('「reminders.quietHours」という設定はありません')
  })

  it('a vouched read loads its command and one chunk of the built CLI, and no node:crypto', () => {
    const dir = folder()
    expect(real(['config', 'set', 'ui.locale', 'ja'], dir).code).toBe(0)
    writeFileSync(join(dir, 'schedule.json'), documentText(savedSchedule))
    expect(real(['upcoming', '--from-cache'], dir).code).toBe(0)
    // What the process loaded, said at exit: Node's own modules, and the files it required.
    const preload = join(dirname(copy), 'loaded.cjs')
    const list = "[...process.moduleLoadList, ...Object.keys(require.cache)].join('\\n')"
    writeFileSync(preload, `process.on('exit', () => console.error(${list}))\n`)
    const loaded = (args: string[]) => {
      const r = spawnSync(process.execPath, ['-r', preload, CLI_ENTRY, ...args, '--data-dir', dir], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
      })
      expect(r.status, r.stderr).toBe(0)
      return r.stderr.split('\n')
    }
    for (const [args, command] of [
      [['config', 'get', 'ui.locale'], 'config'],
      [['upcoming', '--from-cache'], 'upcoming']
    ] as const) {
      const names = loaded([...args])
      const ours = names.filter((n) => n.startsWith(built)).map((n) => n.slice(built.length + 1))
      // The entry, the command, and what a vouched read needs, in one file (cli.vite.config.ts).
      expect(ours.sort()).toEqual([basename(CLI_ENTRY), `chunks/reads.cjs`, `commands/${command}.cjs`].sort())
      // node:crypto brings node:stream and a dozen modules more (~2.5 ms); only writers need it.
      expect(names).toContain('NativeModule fs')
      expect(names.filter((n) => /^NativeModule (internal\/)?crypto/.test(n))).toEqual([])
    }
  })

  it('settings a write validated: read without zod; after a hand edit, validated again and then trusted', () => {
    const dir = folder()
    expect(real(['config', 'set', 'ui.locale', 'ja'], dir).code).toBe(0)
    expect(zodless(['config', 'get', 'ui.locale'], dir)).toMatchObject({ code: 0, stdout: 'ja\n' })

    const edited = { ...defaultSettings(), ui: { ...defaultSettings().ui, locale: 'en' as const } }
    writeFileSync(settingsIn(dir), documentText(edited))
    expect(zodless(['config', 'get', 'ui.locale'], dir).stderr).toMatch(NEEDS_ZOD)
    // The real command validates the edited file (good) and leaves a receipt for it.
    expect(real(['config', 'get', 'ui.locale'], dir)).toMatchObject({ code: 0, stdout: 'en\n' })
    expect(zodless(['config', 'get', 'ui.locale'], dir)).toMatchObject({ code: 0, stdout: 'en\n' })
  })

  it('a bad hand edit is never trusted: moved aside with the message in both languages, as before', () => {
    const dir = folder()
    expect(real(['config', 'set', 'ui.dayBoundary', '04:00'], dir).code).toBe(0)
    writeFileSync(settingsIn(dir), JSON.stringify({ ui: { dayBoundary: '29:00' } }))
    expect(zodless(['config', 'get', 'ui.dayBoundary'], dir).stderr).toMatch(NEEDS_ZOD)
    const r = real(['config', 'get', 'ui.dayBoundary'], dir, { LANG: 'ja_JP.UTF-8' })
    expect(r).toMatchObject({ code: 0, stdout: '05:00\n' })
    expect(r.stderr).toContain('設定は初期値に戻りました')
    expect(readdirSync(dir).filter((f) => f.startsWith('settings.json.corrupt-'))).toHaveLength(1)
  })

  it('ignores a receipt of another build, and one that is not a receipt', () => {
    const dir = folder()
    expect(real(['config', 'set', 'ui.locale', 'ja'], dir).code).toBe(0)
    const receipt = JSON.parse(readFileSync(receiptOf(settingsIn(dir)), 'utf8')) as Record<string, string>
    for (const other of [JSON.stringify({ ...receipt, fingerprint: '0'.repeat(32) }), '{"fingerprint":', 'garbage']) {
      writeFileSync(receiptOf(settingsIn(dir)), other)
      expect(zodless(['config', 'get', 'ui.locale'], dir).stderr, other).toMatch(NEEDS_ZOD)
      expect(real(['config', 'get', 'ui.locale'], dir)).toMatchObject({ code: 0, stdout: 'ja\n' })
    }
    expect(zodless(['config', 'get', 'ui.locale'], dir)).toMatchObject({ code: 0, stdout: 'ja\n' })
  })

  it('upcoming --from-cache: the saved schedule, once validated, is shown without zod, the same', () => {
    const dir = folder()
    expect(real(['config', 'set', 'ui.locale', 'en'], dir).code).toBe(0)
    writeFileSync(join(dir, 'schedule.json'), documentText(savedSchedule))
    const args = ['upcoming', '--from-cache', '--json']
    expect(zodless(args, dir).stderr).toMatch(NEEDS_ZOD)
    const first = real(args, dir)
    expect(first.code).toBe(0)
    expect(JSON.parse(first.stdout)).toMatchObject({ offline: true, programs: savedSchedule.programs })
    expect(zodless(args, dir)).toEqual(first)
    expect(zodless(['upcoming', '--from-cache'], dir)).toEqual(real(['upcoming', '--from-cache'], dir))
  })
})

/** The same command as a process of its own, so that several run at once. */
function started(entry: string, args: string[], dataDir: string): Promise<{ code: number; stdout: string }> {
  const child = spawn(process.execPath, [entry, ...args, '--data-dir', dataDir], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'ignore']
  })
  let stdout = ''
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()))
  return new Promise((res) => child.on('close', (code) => res({ code: code ?? -1, stdout })))
}

describe('receipts under writers and readers at once', () => {
  it('never lets a reader trust a file nobody validated, whatever it reads mid-change', async () => {
    const dir = folder()
    expect(real(['config', 'set', 'ui.dayBoundary', '04:00'], dir).code).toBe(0)
    const seen: string[] = []
    const writer = (async () => {
      for (let i = 0; i < 8; i++)
        await started(CLI_ENTRY, ['config', 'set', 'ui.dayBoundary', i % 2 ? '04:00' : '06:00'], dir)
    })()
    // Editing in place, the same size, between reads: no receipt may vouch for the bad value.
    const editor = async () => {
      try {
        const text = readFileSync(settingsIn(dir), 'utf8')
        writeFileSync(settingsIn(dir), text.replace(/"dayBoundary": "\d\d:\d\d"/, '"dayBoundary": "29:00"'))
      } catch {
        // Between a writer's moving the bad file aside and its next write: nothing to edit.
      }
    }
    const reader = async (entry: string) => {
      for (let i = 0; i < 8; i++) {
        const r = await started(entry, ['config', 'get', 'ui.dayBoundary'], dir)
        if (r.code === 0) seen.push(r.stdout.trim())
        await editor()
      }
    }
    await Promise.all([writer, reader(join(copy, basename(CLI_ENTRY))), reader(CLI_ENTRY)])
    expect(seen.length).toBeGreaterThan(0)
    for (const value of seen) expect(['04:00', '05:00', '06:00']).toContain(value)
  }, 60_000)
})
