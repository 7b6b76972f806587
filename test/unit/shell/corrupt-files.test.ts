import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { databaseFile, type DocumentName } from '../../../src/main/core/store/data-files'
import { setAsideBodies } from '../../support/saved-documents'
import { shellPerTest } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/**
 * Everything the app keeps, found damaged, is set aside (never deleted) and the
 * user told in a native notification naming what, where the copy went and what it means; none is silent.
 */
const DAMAGED = '{"damaged": '
/**
 * Settings that make the app read every document it has: the feed and the receiver are off by
 * default, and the session is looked at only once a service is configured (nothing listens there).
 */
const everythingOn = JSON.stringify({
  services: { mediaUrl: 'http://127.0.0.1:9', clientId: 'onair-test' },
  calendar: { subscribe: { enabled: true, port: 0 } },
  inbox: { webhook: { enabled: true, port: 0 } }
})

const DOCUMENTS: Array<[name: DocumentName, says: RegExp]> = [
  ['session', /sign in again/],
  ['schedule', /fetched again/],
  ['ledger', /shown once more/],
  ['snoozes', /Snoozed reminders/],
  ['outbox', /record it again/],
  ['inbox', /fetched again from the wiki/],
  ['webhook', /webhook URL is unchanged/],
  ['feed', /subscribe to it again/]
]

describe('the app and damaged saved state', () => {
  const run = shellPerTest()

  it('settings.json: moved aside, and a notification says which file, where the copy is and what it means', async () => {
    const s = await run.start({ files: { 'settings.json': DAMAGED } })
    const path = join(s.dataDir, 'settings.json')
    await vi.waitFor(() => expect(s.notifications().some((n) => n.body.includes(path))).toBe(true))
    const notes = s.notifications().filter((n) => n.body.includes(path))
    expect(notes).toHaveLength(1)
    const copy = readdirSync(s.dataDir).find((f) => f.startsWith('settings.json.corrupt-'))
    expect(copy).toBeDefined()
    expect(readFileSync(join(s.dataDir, copy!), 'utf8')).toBe(DAMAGED)
    expect(notes[0]!.body).toContain(join(s.dataDir, copy!))
    expect(notes[0]!.body).toMatch(/settings are back to their defaults/)
  })

  it.each(DOCUMENTS)(
    '%s: set aside, and a notification says which document, where the copy is and what it means',
    async (name, says) => {
      const s = await run.start({ files: { 'settings.json': everythingOn }, documents: { [name]: DAMAGED } })
      const what = `${databaseFile(s.dataDir)} (${name})`
      await vi.waitFor(() => expect(s.notifications().some((n) => n.body.includes(what))).toBe(true))
      const notes = s.notifications().filter((n) => n.body.includes(what))
      expect(notes).toHaveLength(1)
      // Kept as it was, and the notification says where.
      expect(setAsideBodies(s.dataDir, name)).toEqual([DAMAGED])
      expect(notes[0]!.body).toMatch(/\(set_aside \d+\)/)
      expect(notes[0]!.body).toMatch(says)
    }
  )

  it('a damaged database: moved aside whole, and a notification says where the copy is', async () => {
    const s = await run.start({
      files: { 'settings.json': everythingOn, 'onair.db': 'not a database, written over by something else' }
    })
    const path = databaseFile(s.dataDir)
    await vi.waitFor(() => expect(s.notifications().some((n) => n.body.includes(`${path}.damaged-`))).toBe(true))
    expect(s.notifications().filter((n) => n.body.includes(`${path}.damaged-`))).toHaveLength(1)
    const copy = readdirSync(s.dataDir).find((f) => /^onair\.db\.damaged-\d+$/.test(f))
    expect(readFileSync(join(s.dataDir, copy!), 'utf8')).toBe('not a database, written over by something else')
  })

  it('in Japanese when the system is', async () => {
    const { app } = await import('./electron-double')
    const s = await run.start({ documents: { schedule: DAMAGED }, before: () => void (app.locale = 'ja-JP') })
    const what = `${databaseFile(s.dataDir)} (schedule)`
    await vi.waitFor(() => expect(s.notifications().some((n) => n.body.includes(what))).toBe(true))
    expect(s.notifications().find((n) => n.body.includes(what))!.body).toMatch(/退避しました.*取得し直します/)
  })
})
