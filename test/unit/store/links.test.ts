import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings } from '../../../src/shared/settings'
import { fileSecrets } from '../../../src/main/core/auth/file-secrets'
import { describeFileError } from '../../../src/main/core/file-errors'
import { writeAtomic } from '../../../src/main/core/store/atomic-write'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { outboxFileStore } from '../../../src/main/core/records/store'
import { holdFolder } from '../../../src/main/core/folder-hold/folder-lock'
import { tempDir } from '../../support/temp-dir'
import { DATA_FILES } from '../../../src/main/core/store/data-files'

/**
 * No file of Onair's is read or written through a link, and a link
 * planted where a writer puts its temporary file changes nothing.
 */
/** The writer's draws of a temporary name's random bits (Web Crypto's). */
const draws = vi.spyOn(globalThis.crypto, 'getRandomValues')
/** The 8 bytes of the next name drawn, made known in advance, as a predictable name would be. */
const drawNext = (hex: string) =>
  draws.mockImplementationOnce(<T extends ArrayBufferView | null>(bytes: T): T => {
    new Uint8Array(bytes!.buffer).set(Buffer.from(hex, 'hex'))
    return bytes
  })
/** What the last write drew, as hex. */
const drawn8 = (): string => {
  const bytes = draws.mock.calls.at(-1)![0] as Uint8Array
  expect(bytes.length).toBe(8)
  return Buffer.from(bytes).toString('hex')
}

let dir: string
let outside: string
beforeEach(() => {
  dir = tempDir('onair-links-')
  outside = join(dir, 'elsewhere')
  mkdirSync(outside)
  mkdirSync(join(dir, 'data'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const TARGET_TEXT = 'the user’s own file\n'

describe('settings.json as a link', () => {
  const data = () => join(dir, 'data')
  const path = () => join(data(), DATA_FILES.settings.name)
  /** What is in the data folder besides the database. */
  const files = () => readdirSync(data()).filter((f) => !f.startsWith(DATA_FILES.database.name))
  const muting = (s: Settings): Settings => ({ ...s, reminders: { ...s.reminders, mutedWorkIds: [1] } })

  it('to a missing file: refused (ELOOP), nothing created at the target, the link left as it is', () => {
    const target = join(outside, 'stolen.json')
    symlinkSync(target, path())
    const settings = settingsFileStore(data())
    expect(() => settings.update(muting)).toThrow(expect.objectContaining({ code: 'ELOOP', path: path() }))
    expect(() => settings.read()).toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(existsSync(target)).toBe(false)
    expect(lstatSync(path()).isSymbolicLink()).toBe(true)
  })

  it('to an existing file: refused, the target unchanged, never read', () => {
    const target = join(outside, 'mine.txt')
    writeFileSync(target, TARGET_TEXT)
    symlinkSync(target, path())
    const settings = settingsFileStore(data())
    expect(() => settings.read()).toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(() => settings.update(muting)).toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(readFileSync(target, 'utf8')).toBe(TARGET_TEXT)
    expect(files()).toEqual([DATA_FILES.settings.name])
  })

  it('a folder, a pipe-like thing or a plain file: only the plain file of this user is used', () => {
    mkdirSync(path())
    expect(() => settingsFileStore(data()).read()).toThrow(expect.objectContaining({ code: 'EISDIR' }))
    rmSync(path(), { recursive: true })
    settingsFileStore(data()).update(muting)
    expect(settingsFileStore(data()).read().reminders.mutedWorkIds).toEqual([1])
  })

  it('says what is wrong and what to do, in both languages, naming the file', () => {
    for (const code of ['ELOOP', 'EFTYPE', 'EOWNER'] as const) {
      const text = describeFileError(Object.assign(new Error(code), { code, path: path() }))!
      expect(text.en).toContain(path())
      expect(text.ja).toContain(path())
      expect(text.en).not.toMatch(/could not use the file/)
    }
    expect(describeFileError(Object.assign(new Error(), { code: 'ELOOP', path: path() }))!.en).toMatch(
      /link.*Remove the link/
    )
  })
})

describe('secrets.json (the plain file the user chose) as a link', () => {
  it('to a missing file or to the user’s own: refused (ELOOP), the target neither made nor read', async () => {
    const path = join(dir, 'data', DATA_FILES.secrets.name)
    symlinkSync(join(outside, 'stolen.json'), path)
    const secrets = fileSecrets(join(dir, 'data'))
    await expect(secrets.set('mediaAccessToken', { value: 'token-value' })).rejects.toThrow(
      expect.objectContaining({ code: 'ELOOP', path })
    )
    await expect(secrets.reload()).rejects.toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(existsSync(join(outside, 'stolen.json'))).toBe(false)
    rmSync(path)
    writeFileSync(join(outside, 'mine.txt'), TARGET_TEXT)
    symlinkSync(join(outside, 'mine.txt'), path)
    await expect(secrets.reload()).rejects.toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(readFileSync(join(outside, 'mine.txt'), 'utf8')).toBe(TARGET_TEXT)
  })
})

describe('the database', () => {
  afterEach(() => closeFolderDatabases())

  /** A link at `name` in the data folder, to a file of the user's. */
  const linkAt = (name: string) => {
    const target = join(outside, 'mine.txt')
    writeFileSync(target, TARGET_TEXT)
    const path = join(dir, 'data', name)
    symlinkSync(target, path)
    return { path, untouched: () => readFileSync(target, 'utf8') === TARGET_TEXT && lstatSync(path).isSymbolicLink() }
  }

  it('onair.db as a link is refused, read or write, and its target never touched', () => {
    const { path, untouched } = linkAt(DATA_FILES.database.name)
    const outbox = outboxFileStore(join(dir, 'data'))
    expect(() => outbox.read()).toThrow(expect.objectContaining({ code: 'ELOOP', path }))
    expect(() => outbox.write({ version: 1, entries: [], recent: [] })).toThrow(
      expect.objectContaining({ code: 'ELOOP', path })
    )
    expect(untouched()).toBe(true)
  })

  it('the reminders’ hold as a link is refused, and its target never touched', () => {
    const { path, untouched } = linkAt(DATA_FILES.hold.name)
    expect(() => holdFolder(join(dir, 'data'), { face: 'cli', now: 0 })).toThrow(
      expect.objectContaining({ code: 'ELOOP', path })
    )
    expect(untouched()).toBe(true)
  })
})

describe('conf', () => {
  it("conf (electron-store's, in the app) writes through Onair's writer (its temporary name is drawn there), not atomically's", () => {
    draws.mockClear()
    new Conf({ cwd: join(dir, 'data'), configName: 'doc' }).set('n', 1)
    drawn8()
    expect(JSON.parse(readFileSync(join(dir, 'data', 'doc.json'), 'utf8'))).toEqual({ n: 1 })
    expect(readdirSync(join(dir, 'data'))).toEqual(['doc.json'])
  })
})

describe('the atomic writer', () => {
  it('a link planted at the temporary name changes nothing outside the target; the write still lands', () => {
    const path = join(dir, 'data', 'doc.json')
    const victim = join(outside, 'victim.txt')
    writeFileSync(victim, TARGET_TEXT)
    const drawn = '0123456789abcdef'
    drawNext(drawn)
    const planted = `${path}.tmp-${process.pid}-${drawn}`
    symlinkSync(victim, planted)
    writeAtomic(path, '{"n":1}\n')
    expect(readFileSync(victim, 'utf8')).toBe(TARGET_TEXT)
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n')
    expect(lstatSync(planted).isSymbolicLink()).toBe(true)
  })

  it('a dangling link at the temporary name creates nothing at its target', () => {
    const path = join(dir, 'data', 'doc.json')
    const victim = join(outside, 'created.txt')
    const drawn = 'fedcba9876543210'
    drawNext(drawn)
    symlinkSync(victim, `${path}.tmp-${process.pid}-${drawn}`)
    writeAtomic(path, 'x')
    expect(existsSync(victim)).toBe(false)
    expect(readFileSync(path, 'utf8')).toBe('x')
  })

  it('temporary names are unpredictable: 64 random bits after the pid', () => {
    const path = join(dir, 'data', 'doc.json')
    const names = new Set<string>()
    for (let i = 0; i < 20; i++) {
      draws.mockClear()
      writeAtomic(path, String(i))
      names.add(drawn8())
    }
    expect(names.size).toBe(20)
    expect(readdirSync(join(dir, 'data'))).toEqual(['doc.json'])
  })

  it('an export to a link is refused and the link’s target is untouched', () => {
    const victim = join(outside, 'calendar.ics')
    writeFileSync(victim, TARGET_TEXT)
    const chosen = join(dir, 'onair.ics')
    symlinkSync(victim, chosen)
    expect(() => writeAtomic(chosen, 'BEGIN:VCALENDAR', 0o644)).toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(readFileSync(victim, 'utf8')).toBe(TARGET_TEXT)
  })
})
