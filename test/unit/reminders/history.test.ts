import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { historyFile } from '../../../src/main/core/reminders/files'
import {
  HISTORY_KEEP_MS,
  MAX_HISTORY_ENTRIES,
  MAX_REMINDERS_PER_ENTRY,
  emptyHistory,
  withEntries
} from '../../../src/main/core/reminders/history'
import { createLedger } from '../../support/memory-ledger'
import { reminderKey } from '../../../src/main/core/reminders/slots'
import { SNOOZE_MS } from '../../../src/main/core/reminders/snoozes'
import type { CorruptFileReport } from '../../../src/main/core/store/database'
import type { HistoryEntry } from '../../../src/shared/reminder-history'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import { SOON_PROGRAM_ID, type Emulator } from '../../emulator'
import { emulated } from '../media/emulated'
import { BASE, MIN, program, settings as reminderSettings } from '../programs/fixtures'
import { databaseFile } from '../../../src/main/core/store/data-files'
import { saveDocumentBody, setAsideBodies } from '../../support/saved-documents'
import { tempDir } from '../../support/temp-dir'
import { reminderServiceFor, schedulerFor } from '../../support/reminder-service'

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16)

/** The emulator's soon program, reminded at its start (UTC); `reminders` may depend on that start. */
async function setup(reminders: (startMs: number) => Partial<Settings['reminders']> = () => ({})) {
  const t = await emulated({ soonSeconds: 120 })
  const folder = tempDir('onair-history-')
  const startMs = Number(t.emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.startedAt)
  const settings: Settings = {
    ...defaultSettings(),
    // The lead-time reminders alone: the seed's premieres (also in the history) are premieres.test.ts's.
    reminders: {
      ...defaultSettings().reminders,
      leadMinutes: [0],
      timeZone: 'UTC',
      premiere: false,
      ...reminders(startMs)
    }
  }
  const boot = () =>
    reminderServiceFor({ clock: t.clock, media: t.client, dataDir: folder, settings: () => settings }).service
  const ref = {
    key: reminderKey(SOON_PROGRAM_ID, new Date(startMs).toISOString(), 0),
    programId: SOON_PROGRAM_ID,
    startedAt: new Date(startMs).toISOString(),
    offsetMinutes: 0
  }
  /** A process that polled once and stopped, then another started `ms` after the program's start. */
  const restartedAt = async (ms: number) => {
    const first = boot()
    await first.start()
    first.stop()
    t.clock.advanceTo(startMs + ms)
    const second = boot()
    await second.start()
    return second
  }
  return { ...t, folder, boot, restartedAt, startMs, ref }
}

const outcomes = (entries: HistoryEntry[]) => entries.map((e) => [e.outcome, e.reminders.map((r) => r.key)])

describe('reminder history: what became of each reminder, shared by every process of the folder', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('a reminder shown 2 minutes late after a restart, then snoozed and marked watched: another process reads all three', async () => {
    const t = await setup()
    emu = t.emu
    const second = await t.restartedAt(2 * MIN)
    expect(second.snooze(t.ref)).toEqual({ ok: true, fireAt: t.startMs + 2 * MIN + SNOOZE_MS })
    second.actedOn(t.ref, 'watched')
    second.stop()

    const reader = t.boot()
    const entries = reader.history()
    expect(outcomes(entries)).toEqual([
      ['delivered', [t.ref.key]],
      ['snoozed', [t.ref.key]],
      ['watched', [t.ref.key]]
    ])
    expect(entries[0]).toMatchObject({ at: t.startMs + 2 * MIN, lateMs: 2 * MIN })
    expect(entries[0]!.reminders[0]!.program.work.title).toBe('Starlit Courier')
    expect(entries[1]).toMatchObject({ until: t.startMs + 2 * MIN + SNOOZE_MS })
  })

  it('a reminder that fell due while nothing ran is kept as missed, saying which and why', async () => {
    const t = await setup()
    emu = t.emu
    const second = await t.restartedAt(40 * MIN)
    second.stop()
    expect(second.history()).toEqual([
      expect.objectContaining({ outcome: 'missed', why: 'not-running', at: t.startMs + 40 * MIN })
    ])
    expect(outcomes(second.history())).toEqual([['missed', [t.ref.key]]])
  })

  it('a reminder held by quiet hours is noted once when its time passes, however often the service looks, and after a restart', async () => {
    const t = await setup((start) => ({
      quietHours: { enabled: true, start: hhmm(start - 60 * MIN), end: hhmm(start + 60 * MIN) }
    }))
    emu = t.emu
    const boot = t.boot
    const a = boot()
    await a.start()
    t.clock.advanceTo(t.startMs - MIN)
    expect(a.history().filter((e) => e.reminders.some((r) => r.key === t.ref.key))).toEqual([])
    t.clock.advanceTo(t.startMs + 5 * MIN)
    a.stop()
    const b = boot()
    await b.start()
    t.clock.advance(3 * MIN)
    b.stop()
    const held = b.history().filter((e) => e.reminders.some((r) => r.key === t.ref.key))
    expect(held).toEqual([expect.objectContaining({ outcome: 'quiet', at: t.startMs })])
  })

  it('a due reminder another process claimed first is kept as a repeat, not shown', () => {
    const clock = new ManualClock(BASE)
    const p = program(1, BASE + 10 * MIN)
    const inner = createLedger(() => {})
    // The other process takes every key between this one's plan and its claim.
    const racing = {
      ...inner,
      claim: <T>(items: readonly T[], at: number) => (inner.markServed(at), []) as T[]
    }
    const repeats: string[][] = []
    const { scheduler, fired: shown } = schedulerFor({
      clock,
      ledger: racing,
      settings: () => reminderSettings({ leadMinutes: [0] }),
      onRepeat: (rs) => repeats.push(rs.map((r) => r.key))
    })
    scheduler.update([p])
    clock.advanceTo(BASE + 10 * MIN)
    expect(shown).toEqual([])
    expect(repeats).toEqual([[reminderKey(1, p.startedAt, 0)]])
  })

  it('is bounded: a week, the newest entries, and the first shows of a long summary', () => {
    const now = BASE
    const r = { key: 'k', offsetMinutes: 0, fireAt: now, program: program(1, now) }
    const old: HistoryEntry = { at: now - HISTORY_KEEP_MS - 1, outcome: 'delivered', reminders: [r] }
    const many = Array.from({ length: MAX_HISTORY_ENTRIES + 5 }, (_, i): HistoryEntry => ({
      at: now - i,
      outcome: 'delivered',
      reminders: [r]
    }))
    const doc = withEntries(withEntries(emptyHistory(), [old], now - 2), many, now)
    expect(doc.entries).toHaveLength(MAX_HISTORY_ENTRIES)
    expect(doc.entries.at(-1)!.at).toBe(now)
    expect(doc.entries[0]!.at).toBe(now - MAX_HISTORY_ENTRIES + 1)
    const long = withEntries(emptyHistory(), [{ at: now, outcome: 'missed', reminders: Array(80).fill(r) }], now)
    expect(long.entries[0]!.reminders).toHaveLength(MAX_REMINDERS_PER_ENTRY)
    const history = historyFile(tempDir('onair-history-'))
    history.add([old], now)
    expect(history.read().entries).toEqual([])
  })

  it('a damaged saved history is set aside (kept) and reported, and the history starts again', () => {
    const folder = tempDir('onair-history-')
    const damaged = '{"version":1,"entries":[{"at":"soon"}]}'
    saveDocumentBody(folder, 'history', damaged)
    const reports: CorruptFileReport[] = []
    const history = historyFile(folder, (r) => reports.push(r))
    expect(history.read()).toEqual(emptyHistory())
    expect(reports).toEqual([
      expect.objectContaining({
        path: `${databaseFile(folder)} (history)`,
        consequence: expect.objectContaining({ ja: expect.any(String) })
      })
    ])
    expect(setAsideBodies(folder, 'history')).toEqual([damaged])
    const r = { key: 'k', offsetMinutes: 0, fireAt: BASE, program: program(1, BASE) }
    history.add([{ at: BASE, outcome: 'opened', reminders: [r] }], BASE)
    expect(historyFile(folder).read().entries).toHaveLength(1)
  })
})
