import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeFileError } from '../../../src/main/core/file-errors'
import { writeAtomic } from '../../../src/main/core/store/atomic-write'
import { startEmulator, type Emulator } from '../../emulator'
import { runOnair } from './spawn-onair'
import { spawnCli } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'
import { databaseFile } from '../../../src/main/core/store/data-files'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { saveDocumentBody, setAsideBodies } from '../../support/saved-documents'
import { keyringSecrets } from '../../../src/main/core/auth/keyring-secrets'
import { signedInEnv } from '../../support/signed-in-env'

/** Files the system refuses, and damaged files, are said, never a stack trace. */
describe('describeFileError', () => {
  const fsError = (code: string, extra: Record<string, string>) => Object.assign(new Error(code), { code, ...extra })

  it('names the file, what is wrong and what to do, in English and Japanese, for each kind', () => {
    const cases: Array<[string, RegExp, RegExp]> = [
      ['EISDIR', /is a folder.*Move or rename/, /フォルダー/],
      ['ENOTDIR', /part of the path.*is a file/, /パスの途中/],
      ['EACCES', /not allowed.*chmod u\+rw/, /権限/],
      ['EPERM', /not allowed/, /権限/],
      ['EROFS', /read-only file system/, /読み取り専用/],
      ['ENOSPC', /disk is full.*Free some space/, /ディスクがいっぱい/],
      ['EIO', /could not use the file/, /扱えません/]
    ]
    for (const [code, en, ja] of cases) {
      const text = describeFileError(fsError(code, { path: '/data/schedule.json' }))
      expect(text?.en, code).toMatch(en)
      expect(text?.ja, code).toMatch(ja)
      for (const t of [text!.en, text!.ja]) expect(t).toContain('/data/schedule.json')
      expect(text?.en).toContain('Nothing saved before was changed')
    }
    // A rename names the temporary file as `path`; the user is told about the real one.
    const rename = fsError('EISDIR', { path: '/data/schedule.json.1-0.tmp', dest: '/data/schedule.json' })
    expect(describeFileError(rename)?.en).toMatch(/^\/data\/schedule\.json is a folder/)
    expect(describeFileError(new Error('boom'))).toBeUndefined()
  })

  it('a refused atomic write leaves the target as it was and no temporary file behind', () => {
    const dir = tempDir('onair-atomic-')
    const target = join(dir, 'schedule.json')
    mkdirSync(target)
    writeFileSync(join(target, 'keep.txt'), 'mine')
    expect(() => writeAtomic(target, '{}')).toThrow(expect.objectContaining({ code: 'EISDIR' }))
    expect(statSync(target).isDirectory()).toBe(true)
    expect(readdirSync(dir)).toEqual(['schedule.json'])
    expect(readdirSync(target)).toEqual(['keep.txt'])
  })
})

describe('onair upcoming when the saved schedule is refused or damaged (real process)', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  it('a folder in place of the database: the bilingual message names it, exit 1, no stack trace, folder kept', async () => {
    const dataDir = join(tempDir('onair-file-folder-'), 'data')
    const own = await signedInEnv(emu, dataDir)
    closeFolderDatabases()
    const database = databaseFile(dataDir)
    renameSync(database, `${database}.kept`)
    mkdirSync(database)
    writeFileSync(join(database, 'keep.txt'), 'mine')
    for (const [lang, words] of [
      ['C', 'is a folder'],
      ['ja_JP.UTF-8', 'フォルダー']
    ] as const) {
      const run = await runOnair(['upcoming', '--json'], { ...own, LANG: lang })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(database)
      expect(run.stderr).toContain(words)
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /)
    }
    expect(readdirSync(database)).toEqual(['keep.txt'])
  })

  it('a damaged saved schedule is set aside and said, like every other document', async () => {
    const dataDir = join(tempDir('onair-file-damaged-'), 'data')
    const own = await signedInEnv(emu, dataDir)
    saveDocumentBody(dataDir, 'schedule', '{"fetchedAt": nul')
    emu.faults.inject({ path: '/v1/me/programs', kind: 'status', status: 503, times: 10 })
    const run = await runOnair(['upcoming'], own)
    emu.faults.clear()
    const path = databaseFile(dataDir)
    expect(run.stderr).toMatch(
      new RegExp(`Onair could not read ${path} \\(schedule\\) and moved it aside to ${path} \\(set_aside \\d+\\)`)
    )
    expect(run.stderr).toContain('The schedule is fetched again from the service.')
    expect(setAsideBodies(dataDir, 'schedule')).toEqual(['{"fetchedAt": nul'])
  })

  it('a lost webhook secret: onair run says to register the new URL, in both languages, and serves on it', async () => {
    const dataDir = join(tempDir('onair-hook-lost-'), 'data')
    const own = await signedInEnv(emu, dataDir)
    const webhookLines = async (lang: string) => {
      const daemon = spawnCli(['run', '--webhook', '0', '--json'], { ...own, LANG: lang })
      await daemon.line((l) => JSON.parse(l).type === 'webhook')
      daemon.child.kill('SIGTERM')
      expect(await daemon.code).toBe(0)
      return daemon.stdout
        .map((l) => JSON.parse(l) as Record<string, string>)
        .filter((l) => l.type?.startsWith('webhook'))
    }
    const [first] = await webhookLines('C')
    expect(first?.type).toBe('webhook')
    // The keyring's entry deleted (a keyring reset, a clean-up by hand): the token is there, the webhook secret is not.
    await keyringSecrets(dataDir).delete('webhookSecret')
    const [replaced, listening] = await webhookLines('ja_JP.UTF-8')
    expect(replaced).toMatchObject({ type: 'webhook-replaced', url: listening?.url })
    expect(replaced?.message).toContain(`新しい URL ${listening?.url} を Wiki`)
    // `--webhook 0` picks a port each time: the secret is the path.
    const secretOf = (url = '') => new URL(url).pathname
    expect(secretOf(listening?.url)).not.toBe(secretOf(first?.url))
    // Said once: the next start serves the same new secret without a word about it.
    const again = await webhookLines('C')
    expect(again.map((l) => [l.type, secretOf(l.url)])).toEqual([['webhook', secretOf(listening?.url)]])
  })
})
