import { historyFile } from '../../src/main/core/reminders/files'
import type { HistoryEntry, HistoryReminder } from '../../src/shared/reminder-history'
import type { CachedProgram } from '../../src/shared/schedule'

/** The Reminders list's week, for its spec and the layout tour (the emulator's seeded schedule). */
const MIN = 60_000

export const reminderOf = (program: CachedProgram, offsetMinutes = 10): HistoryReminder => ({
  key: `${program.id}:${program.startedAt}:${offsetMinutes}`,
  offsetMinutes,
  fireAt: Date.parse(program.startedAt) - offsetMinutes * MIN,
  program
})

/**
 * A week of history as the reminder service writes it, into `dataDir`'s file: every outcome once
 * (premiere and 'again' too), oldest first, up to `now`. Program 9 (Orbit Gardeners, episode 301,
 * at 23:00) was delivered last and can still be acted on; the broadcast that left the schedule
 * (id 999) cannot.
 */
export function seedWeekOfReminders(
  dataDir: string,
  programs: readonly CachedProgram[],
  now: number
): { gardeners: CachedProgram } {
  const NOW = now
  const byId = (id: number) => programs.find((p) => p.id === id)!
  const gardeners = byId(9)
  const others = programs.filter((p) => p.id !== 9 && p.episode)
  const gone = { ...others[0]!, id: 999 }
  const entries: HistoryEntry[] = [
    { at: NOW - 300 * MIN, outcome: 'quiet', reminders: [reminderOf(others[0]!)] },
    { at: NOW - 240 * MIN, outcome: 'missed', why: 'away', reminders: [reminderOf(others[1]!), reminderOf(gone)] },
    { at: NOW - 200 * MIN, outcome: 'repeat', reminders: [reminderOf(others[2]!)] },
    { at: NOW - 150 * MIN, outcome: 'delivered', lateMs: 3 * MIN, reminders: [reminderOf(others[3]!)] },
    { at: NOW - 120 * MIN, outcome: 'opened', reminders: [reminderOf(others[3]!)] },
    { at: NOW - 100 * MIN, outcome: 'snoozed', until: NOW - 95 * MIN, reminders: [reminderOf(others[4]!)] },
    { at: NOW - 90 * MIN, outcome: 'watched', reminders: [reminderOf(others[4]!)] },
    { at: NOW - 60 * MIN, outcome: 'again', lateMs: 0, reminders: [reminderOf(others[5]!)] },
    {
      at: NOW - 30 * MIN,
      outcome: 'premiere',
      reminders: [{ ...reminderOf(gardeners), key: `premiere:${gardeners.work.id}` }]
    },
    { at: NOW - 5 * MIN, outcome: 'delivered', lateMs: 2_000, reminders: [reminderOf(gardeners, 125)] }
  ]
  historyFile(dataDir).add(entries, NOW)
  return { gardeners }
}
