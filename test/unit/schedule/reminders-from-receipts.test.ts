import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/core/clock'
import { folderReminders } from '../../../src/main/core/folder-reminders'
import { memoryNotifier } from '../../../src/main/core/notify'
import { deliverFromReceipts } from '../../../src/main/core/reminders-from-receipts'
import { ledgerFile } from '../../../src/main/core/schedule/files'
import { reminderKey } from '../../../src/main/core/schedule/planner'
import type { ReminderEvent } from '../../../src/main/core/schedule/reminder-delivery'
import { scheduleFileStore } from '../../../src/main/core/schedule/schedule-file'
import { receiptOf } from '../../../src/main/core/store/data-files'
import { memoryStore } from '../../../src/main/core/store/json-file'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import { tempDir } from '../../support/temp-dir'
import { program } from './fixtures'

/**
 * A restarted `onair run` delivers what fell due while it was stopped from the files as their
 * receipts vouch for them, before it loads zod (issue 25.3): the same reminder the validating start
 * would deliver, recorded so that start does not deliver it again; and nothing at all when a file
 * is not vouched for, leaving it to that start.
 */
const START = Date.UTC(2026, 10, 25, 12, 0)

function stoppedFolder() {
  const dataDir = tempDir('onair-receipts-run-')
  scheduleFileStore(dataDir).write({
    fetchedAt: new Date(START - 3_600_000).toISOString(),
    programs: [program(1, START)]
  })
  // The daemon before this one served the folder until a second before the start.
  ledgerFile(dataDir).markServed(START - 1_000)
  const settings: Settings = {
    ...defaultSettings(),
    reminders: { ...defaultSettings().reminders, leadMinutes: [0], timeZone: 'UTC' }
  }
  const clock = new ManualClock(START + 2_000)
  const notifier = memoryNotifier()
  const deps = { dataDir, clock, notifier, locale: () => 'en' as const, settings }
  return { ...deps, events: [] as ReminderEvent[] }
}

const deliveredPrograms = (events: readonly ReminderEvent[]) =>
  events.flatMap((e) =>
    e.type !== 'delivery'
      ? []
      : (e.delivery.kind === 'single' ? [e.delivery.reminder] : e.delivery.reminders).map((r) => r.program.id)
  )

describe('delivering what fell due from receipts', () => {
  it('shows the reminder due while no daemon ran, records it, and the validating start does not show it again', () => {
    const f = stoppedFolder()
    deliverFromReceipts(f, (e) => f.events.push(e))?.handOver()
    expect(deliveredPrograms(f.events)).toEqual([1])
    expect(f.notifier.shown).toHaveLength(1)
    const key = reminderKey(1, program(1, START).startedAt, 0)
    expect(ledgerFile(f.dataDir).has(key)).toBe(true)
    expect(JSON.parse(readFileSync(join(f.dataDir, 'reminder-history.json'), 'utf8')).entries).toHaveLength(1)

    const later: ReminderEvent[] = []
    const full = folderReminders({ ...f, settings: memoryStore(f.settings) })
    full.onChange((e) => later.push(e))
    full.planSaved()
    full.scheduler.stop()
    expect(deliveredPrograms(later)).toEqual([])
    expect(f.notifier.shown).toHaveLength(1)
  })

  it('does nothing when a file has no receipt, and the validating start delivers the reminder once', () => {
    const f = stoppedFolder()
    const ledger = join(f.dataDir, 'ledger.json')
    rmSync(receiptOf(ledger))
    const before = readFileSync(ledger, 'utf8')
    expect(deliverFromReceipts(f, (e) => f.events.push(e))).toBeNull()
    expect(f.events).toEqual([])
    expect(f.notifier.shown).toEqual([])
    expect(readFileSync(ledger, 'utf8')).toBe(before)
    expect(existsSync(join(f.dataDir, 'reminder-history.json'))).toBe(false)
    expect(existsSync(join(f.dataDir, 'snoozes.json.lock'))).toBe(false)

    const full = folderReminders({ ...f, settings: memoryStore(f.settings) })
    full.onChange((e) => f.events.push(e))
    full.planSaved()
    full.scheduler.stop()
    expect(deliveredPrograms(f.events)).toEqual([1])
  })

  it('serves by its timer, with the snoozes and the history locked, until it hands over', () => {
    const f = stoppedFolder()
    scheduleFileStore(f.dataDir).write({
      fetchedAt: new Date(START).toISOString(),
      programs: [program(1, START), program(2, START + 60_000), program(3, START + 120_000)]
    })
    const served = deliverFromReceipts(f, (e) => f.events.push(e))
    expect(existsSync(join(f.dataDir, 'snoozes.json.lock'))).toBe(true)
    expect(existsSync(join(f.dataDir, 'reminder-history.json.lock'))).toBe(true)
    f.clock.advanceTo(START + 60_000)
    expect(deliveredPrograms(f.events)).toEqual([1, 2])
    served?.handOver()
    expect(existsSync(join(f.dataDir, 'snoozes.json.lock'))).toBe(false)
    expect(existsSync(join(f.dataDir, 'reminder-history.json.lock'))).toBe(false)
    f.clock.advanceTo(START + 120_000)
    expect(deliveredPrograms(f.events)).toEqual([1, 2])
  })
})
