import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeCorruptFile } from '../../../src/main/core/file-errors'
import { describeFileError } from '../../../src/main/core/file-errors'
import { outboxFileStore } from '../../../src/main/core/records/store'
import { scheduleFileStore } from '../../../src/main/core/programs/schedule-file'
import { sessionFileStore } from '../../../src/main/core/auth/session-store'
import {
  closeFolderDatabases,
  onDamagedDatabase,
  SCHEMA_VERSION,
  type CorruptFileReport
} from '../../../src/main/core/store/database'
import { databaseHealth } from '../../../src/main/core/store/database-health'
import { folderDocument } from '../../../src/main/core/store/document'
import { tempDir } from '../../support/temp-dir'

afterEach(() => {
  closeFolderDatabases()
  onDamagedDatabase(undefined)
})

/** Another process, as far as SQLite can tell: this process's connections closed and opened anew. */
const restart = () => closeFolderDatabases()

const program = {
  id: 1,
  startedAt: '2026-12-03T12:00:00.000Z',
  isRebroadcast: false,
  channel: { id: 1, name: 'TOKYO MX' },
  work: { id: 10, title: 'Frieren' },
  episode: { id: 100, number: '1', numberText: '第1話', title: null }
}

describe("the data folder's database", () => {
  it('a command that only reads creates nothing in a new folder', () => {
    const dir = join(tempDir('onair-db-'), 'data')
    expect(scheduleFileStore(dir).read().programs).toEqual([])
    expect(existsSync(dir)).toBe(false)
    expect(databaseHealth(dir)).toBeNull()
  })

  it('keeps what was written across a restart, readable only by the user', () => {
    const dir = tempDir('onair-db-')
    folderDocument({
      dataDir: dir,
      name: 'feed',
      schema: z.object({ port: z.number().optional() }),
      defaults: () => ({})
    }).write({ port: 8123 })
    restart()
    const feed = folderDocument({
      dataDir: dir,
      name: 'feed',
      schema: z.object({ port: z.number() }),
      defaults: () => ({ port: 0 })
    })
    expect(feed.read().port).toBe(8123)
    expect(databaseHealth(dir)).toMatchObject({ schemaVersion: SCHEMA_VERSION, journalMode: 'wal', integrity: 'ok' })
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600)
  })

  it.each([
    ['not a database', () => 'this is not SQLite at all, just text the user saved here\n'.repeat(100)],
    ['truncated', (db: Buffer) => db.subarray(0, 1500)]
  ])(
    'moves a database that is %s aside, says what was lost in both languages, and works from a new one',
    (_, damage) => {
      const dir = tempDir('onair-db-')
      const outbox = outboxFileStore(dir)
      outbox.update((d) => ({ ...d, recent: [] }))
      sessionFileStore(dir).write({ session: null })
      restart()
      const path = join(dir, 'onair.db')
      const damaged = damage(readFileSync(path))
      writeFileSync(path, damaged)
      const reports: CorruptFileReport[] = []
      onDamagedDatabase((r) => reports.push(r))

      expect(sessionFileStore(dir).read()).toEqual({ session: null })
      expect(reports).toHaveLength(1)
      const text = describeCorruptFile(reports[0]!)
      expect(text.en).toMatch(
        /could not read .*onair\.db .* moved it aside to .*onair\.db\.damaged-\d+ \(nothing was deleted\)/
      )
      expect(text.ja).toContain('退避しました')
      // Never deleted: the damaged bytes are kept as they were.
      expect(readFileSync(reports[0]!.movedTo)).toEqual(Buffer.from(damaged))
      // And the folder goes on working.
      sessionFileStore(dir).write({ session: null })
      expect(databaseHealth(dir)?.integrity).toBe('ok')
    }
  )

  it('moves aside a database written by a newer Onair instead of guessing at it', () => {
    const dir = tempDir('onair-db-')
    scheduleFileStore(dir).write({ fetchedAt: null, programs: [] })
    restart()
    const newer = new DatabaseSync(join(dir, 'onair.db'))
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`)
    newer.close()
    const reports: CorruptFileReport[] = []
    onDamagedDatabase((r) => reports.push(r))
    expect(scheduleFileStore(dir).read().fetchedAt).toBeNull()
    expect(reports[0]?.reason).toMatch(/newer Onair/)
    expect(readdirSync(dir).some((f) => /^onair\.db\.damaged-\d+$/.test(f))).toBe(true)
  })

  it('sets a row of the wrong shape aside in the database and reports it; the rest is kept', () => {
    const dir = tempDir('onair-db-')
    scheduleFileStore(dir).write({ fetchedAt: '2026-12-03T11:00:00.000Z', programs: [program] })
    outboxFileStore(dir).update((d) => d)
    restart()
    const db = new DatabaseSync(join(dir, 'onair.db'))
    db.prepare("UPDATE documents SET body = ? WHERE name = 'schedule'").run('{"programs": "soon"}')
    db.close()
    const reports: CorruptFileReport[] = []
    expect(scheduleFileStore(dir, (r) => reports.push(r)).read().programs).toEqual([])
    expect(reports[0]).toMatchObject({ reason: expect.stringContaining('programs') })
    expect(describeCorruptFile(reports[0]!).en).toContain('The schedule is fetched again from the service.')
    const kept = new DatabaseSync(join(dir, 'onair.db'))
    expect(kept.prepare('SELECT body FROM set_aside').all()).toEqual([{ body: '{"programs": "soon"}' }])
    kept.close()
  })

  it('a write the disk refuses changes nothing saved before and names the file and what to do', () => {
    const dir = tempDir('onair-db-')
    const schedule = scheduleFileStore(dir)
    schedule.write({ fetchedAt: '2026-12-03T11:00:00.000Z', programs: [program] })
    process.env.ONAIR_FAULT_WRITE = 'ENOSPC:schedule'
    try {
      let error: unknown
      try {
        schedule.update((s) => ({ ...s, programs: [] }))
      } catch (e) {
        error = e
      }
      expect(describeFileError(error)?.en).toMatch(/The disk is full: .*onair\.db could not be saved/)
      expect(describeFileError(error)?.ja).toContain('ディスクがいっぱい')
    } finally {
      delete process.env.ONAIR_FAULT_WRITE
    }
    expect(schedule.read().programs).toHaveLength(1)
  })
})
