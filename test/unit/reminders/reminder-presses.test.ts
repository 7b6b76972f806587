import { describe, expect, it } from 'vitest'
import { memoryNotifier, type NativeNotification, type ReminderRef } from '../../../src/main/core/notify'
import { reminderPresses } from '../../../src/main/core/reminders/reminder-presses'
import type { SnoozeResult } from '../../../src/main/core/reminders/snoozes'

/**
 * A reminder's buttons and click as the app and `onair run` both wire them: the notifier has the
 * hooks from the start, the services are bound once they exist, and only then does a press act.
 */
describe('a reminder pressed before and after the services exist', () => {
  const ref: ReminderRef = {
    key: '42:2026-11-22T12:10:00.000Z:10',
    programId: 42,
    startedAt: '2026-11-22T12:10:00.000Z',
    offsetMinutes: 10
  }
  const reminder: NativeNotification = { id: ref.key, title: 'Work 42', body: 'Ep. 1', reminder: ref }

  function wired(snoozed: SnoozeResult = { ok: true, fireAt: 1 }) {
    const done: string[] = []
    const openedInFace: number[] = []
    const presses = reminderPresses({
      language: () => 'en',
      openProgram: (id) => void openedInFace.push(id),
      log: { write: (level, message) => void done.push(`${level} ${message}`) }
    })
    const services = {
      reminders: {
        schedule: () => ({ fetchedAt: null, programs: [] }),
        snooze: (r: ReminderRef, choice?: string) => {
          done.push(`snooze ${r.key} ${choice}`)
          return snoozed
        },
        actedOn: (r: ReminderRef, outcome: string) => void done.push(`${outcome} ${r.key}`)
      },
      records: { outbox: { record: () => expect.unreachable('nothing to record') } }
    }
    return { presses, done, openedInFace, bind: () => presses.bind(services, memoryNotifier()) }
  }

  it('a press or a click before binding does nothing; after it, Snooze snoozes and the click is kept as opened', () => {
    const t = wired()
    t.presses.onAction('snooze', reminder)
    t.presses.onOpened(reminder)
    expect(t.done).toEqual([])
    t.bind()
    t.presses.onAction('snooze:30', reminder)
    t.presses.onOpened(reminder)
    expect(t.done).toEqual([`snooze ${ref.key} 30`, `opened ${ref.key}`])
  })

  it('a click on a notification that is not a reminder (a confirmation, a summary) notes nothing', () => {
    const t = wired()
    t.bind()
    t.presses.onOpened({ id: 'watched:42', title: 'Onair', body: '', target: { kind: 'record', programId: 42 } })
    expect(t.done).toEqual([])
  })

  it("a program that left the schedule opens the face's own way", () => {
    const t = wired({ ok: false, reason: 'not-scheduled' })
    t.bind()
    t.presses.onAction('snooze', reminder)
    expect(t.openedInFace).toEqual([42])
  })
})
