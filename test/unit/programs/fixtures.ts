import fc from 'fast-check'
import { CachedProgramSchema, type CachedProgram } from '../../../src/shared/schedule'
import { planAt } from '../../../src/main/core/reminders/planner'
import { ReminderSettingsSchema, type ReminderSettings, type ReminderSettingsInput } from '../../../src/shared/settings'

/** The reminders the planner says should exist at `now` (its whole plan has more). */
export const plan = (...args: Parameters<typeof planAt>) => planAt(...args).reminders

export const MIN = 60_000
export const HOUR = 60 * MIN
export const DAY = 24 * HOUR

export function program(
  id: number,
  startedAt: string | number,
  extra: { workId?: number; rebroadcast?: boolean; title?: string; episodeId?: number } = {}
): CachedProgram {
  return CachedProgramSchema.parse({
    id,
    startedAt: typeof startedAt === 'number' ? new Date(startedAt).toISOString() : startedAt,
    isRebroadcast: extra.rebroadcast ?? false,
    channel: { id: 1, name: 'TOKYO MX' },
    work: { id: extra.workId ?? id * 10, title: extra.title ?? `Work ${id}` },
    episode: { id: extra.episodeId ?? id * 100, number: 1, numberText: '#1', title: null }
  })
}

/** A schedule as the poll saves it: one program, as the schema makes it. */
export const savedSchedule = {
  fetchedAt: '2026-11-24T10:00:00.000Z',
  programs: [program(1, '2026-11-24T12:00:00.000Z', { title: 'A work' })]
}

export function settings(input: ReminderSettingsInput = {}): ReminderSettings {
  return ReminderSettingsSchema.parse({ timeZone: 'UTC', ...input })
}

export const BASE = Date.UTC(2026, 2, 28, 0, 0, 0)

export const programArb = fc
  .record({
    id: fc.integer({ min: 1, max: 40 }),
    startMinute: fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
    workId: fc.integer({ min: 1, max: 8 }),
    rebroadcast: fc.boolean()
  })
  // An episode belongs to one work: the same id under another work is another episode (one
  // reminder per episode merges airings of an episode, never of two works).
  .map(({ id, startMinute, workId, rebroadcast }) =>
    program(id, BASE + startMinute * MIN, { workId, rebroadcast, episodeId: id * 100 + workId })
  )

const wallTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)

export const settingsArb = fc
  .record({
    leadMinutes: fc.array(fc.integer({ min: 0, max: 1440 }), { maxLength: 4 }),
    quietHours: fc.record({ enabled: fc.boolean(), start: wallTime, end: wallTime }),
    mode: fc.constantFrom('all-except-muted' as const, 'only-picked' as const),
    mutedWorkIds: fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }),
    pickedWorkIds: fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }),
    hideRebroadcasts: fc.boolean(),
    graceMinutes: fc.integer({ min: 0, max: 120 }),
    timeZone: fc.constantFrom('UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin')
  })
  .map((s) => settings(s))

export const nowArb = fc.integer({ min: BASE - 2 * DAY, max: BASE + 2 * DAY })
