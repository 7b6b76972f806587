import { afterEach, describe, expect, it } from 'vitest'
import type { NativeNotification } from '../../../src/main/core/notify'
import { ManualClock } from '../../support/manual-clock'
import type { LedgerItem } from '../../../src/main/core/reminders/ledger'
import { createLedger } from '../../support/memory-ledger'
import { reminderKey } from '../../../src/main/core/reminders/slots'
import { repeatKey } from '../../../src/main/core/reminders/repeats'
import { createScheduler } from '../../../src/main/core/reminders/scheduler'
import { program, settings as reminderSettings } from '../programs/fixtures'
import {
  defaultSettings,
  ReminderSettingsSchema,
  type ReminderSettingsInput,
  type Settings
} from '../../../src/shared/settings'
import { SOON_PROGRAM_ID, USER_ID, type Emulator } from '../../emulator'
import { tempDir } from '../../support/temp-dir'
import { reminderServiceFor, schedulerFor } from '../../support/reminder-service'
import { emulated } from '../media/emulated'

/**
 * "Don't let me miss it" as users meet it: the reminder service on a ManualClock against the
 * emulator, over a data folder, through restarts and another process's acts.
 */
const MIN = 60_000
/** The seed's soon program (work 1) starts 5 min after the clock's start, 21:05 in Tokyo. */
const SOON_S = 300
/** The episode the soon program airs. */
const SOON_EPISODE_ID = 106

async function setup(reminders: ReminderSettingsInput) {
  const t = await emulated({ soonSeconds: SOON_S })
  const dataDir = tempDir('onair-dontmiss-')
  const settings: Settings = {
    ...defaultSettings(),
    reminders: ReminderSettingsSchema.parse({
      timeZone: 'Asia/Tokyo',
      premiere: false,
      dontMissWorkIds: [1],
      ...reminders
    })
  }
  const boot = (locale: 'en' | 'ja' = 'en') => {
    const log: Array<{ n: NativeNotification; at: number }> = []
    const { service } = reminderServiceFor({
      clock: t.clock,
      media: t.client,
      dataDir,
      settings: () => settings,
      notifier: { show: (n) => void log.push({ n, at: t.clock.now() }) },
      locale: () => locale
    })
    const ours = () => log.filter(({ n }) => n.reminder?.programId === SOON_PROGRAM_ID)
    /** The soon program's notifications, as [minutes from its start when shown, title]. */
    const shown = () => ours().map(({ n, at }) => [Math.round((at - start) / MIN), n.title])
    return { service, shown, ours }
  }
  const start = t.emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.startedAt
  const soon = (service: ReturnType<typeof boot>['service']) =>
    service.history().filter((e) => e.reminders.some((r) => r.program.id === SOON_PROGRAM_ID))
  return { ...t, boot, start, soon }
}

describe("don't let me miss it (reminder service, ManualClock)", () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('not acted on: shown at its lead time, again at the start and 5 min after, then never; the history says "again"', async () => {
    const t = await setup({ leadMinutes: [3] })
    emu = t.emu
    const a = t.boot()
    await a.service.start()
    t.clock.advanceTo(t.start + 30 * MIN)
    expect(a.shown()).toEqual([
      [-3, 'Starlit Courier'],
      [0, 'Reminder again: Starlit Courier'],
      [5, 'Reminder again: Starlit Courier']
    ])
    expect(t.soon(a.service).map((e) => e.outcome)).toEqual(['delivered', 'again', 'again'])
    a.service.stop()
  })

  it('a restart between the repeats (and a second process) delivers each of the three exactly once', async () => {
    const t = await setup({ leadMinutes: [3] })
    emu = t.emu
    const a = t.boot()
    await a.service.start()
    t.clock.advanceTo(t.start + 1 * MIN)
    a.service.stop()
    const b = t.boot('ja')
    const c = t.boot()
    await b.service.start()
    await c.service.start()
    t.clock.advanceTo(t.start + 20 * MIN)
    expect([...a.shown(), ...b.shown(), ...c.shown()].map(([, title]) => title)).toEqual([
      'Starlit Courier',
      'Reminder again: Starlit Courier',
      'もう一度お知らせ: Starlit Courier'
    ])
    // Both served: each repeat planned, claimed and shown by one of them only.
    expect(t.soon(b.service).map((e) => e.outcome)).toEqual(['delivered', 'again', 'again'])
    b.service.stop()
    c.service.stop()
  })

  it('a Snooze (in another process) stops the repeats; the snooze itself still comes back, inside quiet hours too', async () => {
    // Quiet hours from 21:04 in Tokyo: the reminder at 21:02 is shown, the start (21:05) is held.
    const t = await setup({ leadMinutes: [3], quietHours: { enabled: true, start: '21:04', end: '22:00' } })
    emu = t.emu
    const serving = t.boot()
    await serving.service.start()
    t.clock.advanceTo(t.start - 3 * MIN)
    const reminder = serving.ours()[0]!.n.reminder!
    const other = t.boot()
    t.clock.advanceTo(t.start - 2 * MIN)
    expect(other.service.snooze(reminder)).toMatchObject({ ok: true })
    t.clock.advanceTo(t.start + 30 * MIN)
    expect(serving.shown()).toEqual([
      [-3, 'Starlit Courier'],
      [3, 'Starlit Courier']
    ])
    // Back at 21:08, inside quiet hours, as the reminder it was: no repeat followed it.
    expect(serving.ours()[1]?.n.reminder?.key).toBe(reminder.key)
    expect(t.soon(serving.service).map((e) => e.outcome)).toEqual(['delivered', 'snoozed', 'delivered'])
    serving.service.stop()
  })

  it('the episode recorded elsewhere (on the service, gone from the unwatched schedule at the next poll): no repeats', async () => {
    const t = await setup({ leadMinutes: [3] })
    emu = t.emu
    const a = t.boot()
    await a.service.start()
    t.clock.advanceTo(t.start - 2 * MIN)
    // Watched on another device: the service's unwatched schedule no longer has the broadcast.
    const watched = { userId: USER_ID, workId: 1, episodeId: SOON_EPISODE_ID, comment: '', rating: null }
    t.emu.media.addRecord({
      ...watched,
      ratingState: null,
      isModified: false,
      likesCount: 0,
      commentsCount: 0,
      shareMicroblog: false,
      shareSocialnet: false,
      createdAt: t.clock.now()
    })
    await a.service.refresh()
    expect(a.service.schedule().programs.some((p) => p.id === SOON_PROGRAM_ID)).toBe(false)
    t.clock.advanceTo(t.start + 30 * MIN)
    expect(a.shown()).toEqual([[-3, 'Starlit Courier']])
    a.service.stop()
  })

  it('quiet hours hold the repeats as they hold any reminder', async () => {
    const t = await setup({ leadMinutes: [3], quietHours: { enabled: true, start: '21:04', end: '22:00' } })
    emu = t.emu
    const a = t.boot()
    await a.service.start()
    t.clock.advanceTo(t.start + 60 * MIN)
    expect(a.shown()).toEqual([[-3, 'Starlit Courier']])
    a.service.stop()
  })

  it('the other rules hold beside it: a repeat another process claimed first is noted as not repeated, not shown', () => {
    const T = Date.UTC(2026, 3, 5, 12)
    const clock = new ManualClock(T)
    const p = program(1, T + 10 * MIN, { workId: 7 })
    const inner = createLedger(() => {})
    // The reminder 3 min before is shown here; the repeats are taken by the other process between this one's plan and its claim.
    const racing = {
      ...inner,
      claim: <T extends LedgerItem>(items: readonly T[], at: number): T[] =>
        items.some((i) => i.key.includes(':repeat')) ? (inner.claim(items, at), []) : inner.claim(items, at)
    }
    const notRepeated: string[][] = []
    const { scheduler, fired: shown } = schedulerFor({
      clock,
      ledger: racing,
      settings: () => reminderSettings({ leadMinutes: [3], dontMissWorkIds: [7] }),
      onRepeat: (rs) => notRepeated.push(rs.map((r) => r.key))
    })
    scheduler.update([p])
    clock.advanceTo(T + 20 * MIN)
    expect(shown.map((d) => (d.kind === 'single' ? d.reminder.key : d.kind))).toEqual([reminderKey(1, p.startedAt, 3)])
    expect(notRepeated).toEqual([[repeatKey(1, p.startedAt, 1)], [repeatKey(1, p.startedAt, 2)]])
    scheduler.stop()
  })

  it('slept through: a repeat within the grace period comes late, one beyond it is dropped, never "missed"', () => {
    const T = Date.UTC(2026, 3, 5, 12)
    const clock = new ManualClock(T)
    const p = program(1, T + 10 * MIN, { workId: 7 })
    const shown: Array<[string, number]> = []
    const scheduler = createScheduler({
      clock,
      ledger: createLedger(() => {}),
      settings: () => reminderSettings({ leadMinutes: [3], dontMissWorkIds: [7], graceMinutes: 15 }),
      deliver: (d) =>
        shown.push([d.kind === 'single' ? `repeat${d.reminder.repeat ?? 0}` : d.kind, (clock.now() - T) / MIN])
    })
    scheduler.update([p])
    clock.advanceTo(T + 7 * MIN)
    // Asleep from 12:07 to 12:30: the repeat at the start (12:10) is beyond the grace, the one at 12:15 within it.
    clock.jumpTo(T + 30 * MIN)
    scheduler.replan()
    clock.advance(60 * MIN)
    expect(shown).toEqual([
      ['repeat0', 7],
      ['repeat2', 30]
    ])
    scheduler.stop()
  })
})
