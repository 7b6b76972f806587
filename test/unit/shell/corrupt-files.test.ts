import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { shellPerTest } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/**
 * Issue 16, part 2: every file the app keeps, found damaged, is moved aside and the user told in a
 * native notification naming the file, where the copy went and what it means; none is silent.
 */
const DAMAGED = '{"damaged": '
/**
 * Settings that make the app read every file it has: the feed and the receiver are off by
 * default, and the session is looked at only once a service is configured (nothing listens there).
 */
const everythingOn = JSON.stringify({
  services: { mediaUrl: 'http://127.0.0.1:9', clientId: 'onair-test' },
  calendar: { subscribe: { enabled: true, port: 0 } },
  inbox: { webhook: { enabled: true, port: 0 } }
})

const FILES: Array<[file: string, says: RegExp]> = [
  ['settings.json', /settings are back to their defaults/],
  ['session.json', /sign in again/],
  ['schedule.json', /fetched again/],
  ['ledger.json', /shown once more/],
  ['snoozes.json', /Snoozed reminders/],
  ['outbox.json', /record it again/],
  ['inbox.json', /fetched again from the wiki/],
  ['inbox-webhook.json', /webhook URL is unchanged/],
  ['calendar-feed.json', /subscribe to it again/]
]

describe('the app and a damaged file', () => {
  const run = shellPerTest()

  it.each(FILES)(
    '%s: moved aside, and a notification says which file, where the copy is and what it means',
    async (file, says) => {
      const files = file === 'settings.json' ? { [file]: DAMAGED } : { 'settings.json': everythingOn, [file]: DAMAGED }
      const s = await run.start({ files })
      const path = join(s.dataDir, file)
      await vi.waitFor(() => expect(s.notifications().some((n) => n.body.includes(path))).toBe(true))
      const notes = s.notifications().filter((n) => n.body.includes(path))
      expect(notes).toHaveLength(1)
      const copy = readdirSync(s.dataDir).find((f) => f.startsWith(`${file}.corrupt-`))
      expect(copy).toBeDefined()
      expect(readFileSync(join(s.dataDir, copy!), 'utf8')).toBe(DAMAGED)
      expect(notes[0]!.body).toContain(join(s.dataDir, copy!))
      expect(notes[0]!.body).toMatch(says)
    }
  )

  it('in Japanese when the system is', async () => {
    const { app } = await import('./electron-double')
    const s = await run.start({ files: { 'schedule.json': DAMAGED }, before: () => void (app.locale = 'ja-JP') })
    await vi.waitFor(() => expect(s.notifications().some((n) => n.body.includes('schedule.json'))).toBe(true))
    expect(s.notifications().find((n) => n.body.includes('schedule.json'))!.body).toMatch(
      /退避しました.*取得し直します/
    )
  })
})
