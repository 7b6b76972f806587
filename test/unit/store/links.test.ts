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
import { z } from 'zod'
import { fileSecrets } from '../../../src/main/core/auth/file-secrets'
import { describeFileError } from '../../../src/main/core/file-errors'
import { writeAtomic } from '../../../src/main/core/store/atomic-write'
import { jsonFileStore } from '../../../src/main/core/store/document'
import { tempDir } from '../../support/temp-dir'
import { DATA_FILES } from '../../../src/main/core/store/data-files'

/**
 * Issue 28, items 5 and 7: no file of Onair's is read or written through a link, and a link
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

describe('secrets.json as a link', () => {
  it('to a missing file: refused (ELOOP), nothing created at the target, the link left as it is', async () => {
    const target = join(outside, 'stolen.json')
    const path = join(dir, 'data', DATA_FILES.secrets.name)
    symlinkSync(target, path)
    const secrets = fileSecrets(join(dir, 'data'))
    await expect(secrets.set('mediaAccessToken', { value: 'token-value' })).rejects.toThrow(
      expect.objectContaining({ code: 'ELOOP', path })
    )
    await expect(secrets.reload()).rejects.toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(existsSync(target)).toBe(false)
    expect(lstatSync(path).isSymbolicLink()).toBe(true)
  })

  it('to an existing file: refused, the target unchanged, never read', async () => {
    const target = join(outside, 'mine.txt')
    writeFileSync(target, TARGET_TEXT)
    symlinkSync(target, join(dir, 'data', DATA_FILES.secrets.name))
    const secrets = fileSecrets(join(dir, 'data'))
    await expect(secrets.reload()).rejects.toThrow(expect.objectContaining({ code: 'ELOOP' }))
    await expect(secrets.set('mediaAccessToken', { value: 'token-value' })).rejects.toThrow(
      expect.objectContaining({ code: 'ELOOP' })
    )
    expect(readFileSync(target, 'utf8')).toBe(TARGET_TEXT)
    expect(readdirSync(join(dir, 'data')).sort()).toEqual([DATA_FILES.secrets.name])
  })

  it('its lock as a link to a folder: refused before the lock is taken, the folder untouched', async () => {
    const path = join(dir, 'data', DATA_FILES.secrets.name)
    symlinkSync(outside, `${path}.lock`)
    await expect(fileSecrets(join(dir, 'data')).set('mediaAccessToken', { value: 'token-value' })).rejects.toThrow(
      expect.objectContaining({ code: 'ELOOP', path: `${path}.lock` })
    )
    expect(readdirSync(outside)).toEqual([])
    expect(existsSync(path)).toBe(false)
  })

  it('a folder, a pipe-like thing or a plain file: only the plain file of this user is used', async () => {
    const path = join(dir, 'data', DATA_FILES.secrets.name)
    mkdirSync(path)
    await expect(fileSecrets(join(dir, 'data')).reload()).rejects.toThrow(expect.objectContaining({ code: 'EISDIR' }))
    rmSync(path, { recursive: true })
    await fileSecrets(join(dir, 'data')).set('mediaAccessToken', { value: 'token-value' })
    const again = fileSecrets(join(dir, 'data'))
    await again.reload()
    expect(again.get('mediaAccessToken')?.value).toBe('token-value')
  })

  it('says what is wrong and what to do, in both languages, naming the file', () => {
    const path = join(dir, 'data', DATA_FILES.secrets.name)
    for (const code of ['ELOOP', 'EFTYPE', 'EOWNER'] as const) {
      const text = describeFileError(Object.assign(new Error(code), { code, path }))!
      expect(text.en).toContain(path)
      expect(text.ja).toContain(path)
      expect(text.en).not.toMatch(/could not use the file/)
    }
    expect(describeFileError(Object.assign(new Error(), { code: 'ELOOP', path }))!.en).toMatch(/link.*Remove the link/)
  })
})

describe('every document', () => {
  const Doc = z.object({ n: z.number() })

  it('a link at the document is refused by the store, read or write, and its target never touched', () => {
    const target = join(outside, 'mine.txt')
    writeFileSync(target, TARGET_TEXT)
    const path = join(dir, 'data', 'doc.json')
    symlinkSync(target, path)
    const store = jsonFileStore({ path, schema: Doc, defaults: () => ({ n: 0 }) })
    expect(() => store.read()).toThrow(expect.objectContaining({ code: 'ELOOP', path }))
    expect(() => store.update(() => ({ n: 2 }))).toThrow(expect.objectContaining({ code: 'ELOOP', path }))
    expect(() => store.write({ n: 3 })).toThrow(expect.objectContaining({ code: 'ELOOP', path }))
    expect(readFileSync(target, 'utf8')).toBe(TARGET_TEXT)
    expect(lstatSync(path).isSymbolicLink()).toBe(true)
  })

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
