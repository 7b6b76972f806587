import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeHolder, holdFolder } from '../../../src/main/core/schedule/folder-lock'
import { tempDir } from '../../support/temp-dir'
import { dataFile } from '../../../src/main/core/store/data-files'

/** One reminder daemon per data folder. */
const folder = () => tempDir('onair-hold-')

describe('holding the data folder', () => {
  it('a second holder is refused and told who holds it; after release it may hold', () => {
    const dir = folder()
    const first = holdFolder(dir, { face: 'cli', now: Date.UTC(2026, 10, 22, 12) })
    expect(first.ok).toBe(true)
    const second = holdFolder(dir, { face: 'app', now: Date.UTC(2026, 10, 22, 13) })
    expect(second).toEqual({
      ok: false,
      holder: { host: hostname(), pid: process.pid, face: 'cli', startedAt: Date.UTC(2026, 10, 22, 12) }
    })
    if (second.ok) return
    const text = describeHolder(second.holder)
    expect(text.en).toContain(
      `already served by "onair run" (pid ${process.pid} on ${hostname()}, since 2026-11-22T12:00:00.000Z)`
    )
    expect(text.ja).toContain(`pid ${process.pid}`)
    if (first.ok) first.hold.release()
    const third = holdFolder(dir, { face: 'app', now: Date.UTC(2026, 10, 22, 14) })
    expect(third.ok).toBe(true)
    expect(JSON.parse(readFileSync(dataFile(dir, 'holder'), 'utf8'))).toMatchObject({ face: 'app' })
    if (third.ok) third.hold.release()
  })

  it('a hold left by a process that no longer exists is taken over at once', () => {
    const dir = folder()
    mkdirSync(join(dir, 'reminders.lock'))
    writeFileSync(
      dataFile(dir, 'holder'),
      JSON.stringify({ host: hostname(), pid: 2 ** 22 + 17, face: 'cli', startedAt: 0 })
    )
    const attempt = holdFolder(dir, { face: 'cli', now: 1 })
    expect(attempt.ok).toBe(true)
    if (attempt.ok) attempt.hold.release()
  })

  it('a fresh hold of a process on another machine is respected (it cannot be checked)', () => {
    const dir = folder()
    mkdirSync(join(dir, 'reminders.lock'))
    writeFileSync(
      dataFile(dir, 'holder'),
      JSON.stringify({ host: `not-${hostname()}`, pid: 2 ** 22 + 17, face: 'app', startedAt: 0 })
    )
    const attempt = holdFolder(dir, { face: 'cli', now: 1 })
    expect(attempt.ok).toBe(false)
  })
})
