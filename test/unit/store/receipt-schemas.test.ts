import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { HistoryDoc, LedgerDoc, SnoozesDoc } from '../../../src/main/core/schedule/reminder-documents'
import { documentText } from '../../../src/main/core/store/document-backend'
import { HISTORY_OUTCOMES } from '../../../src/shared/reminder-history'
import { ScheduleCacheSchema } from '../../../src/shared/schedule'
import { SettingsSchema } from '../../../src/shared/settings'

/**
 * A receipt is written only for a file whose JSON is exactly what its schema makes of it
 * (json-file.ts), so that trusting the file equals validating it. What Onair writes is the schema's
 * output: these properties show that, for the two documents with receipts, the output written to
 * disk and read back is a fixed point of the schema (defaults filled, lists deduplicated and sorted,
 * times made canonical UTC, episode numbers made strings), so every write leaves a receipt. The
 * same for the files a restarting `onair run` delivers from before it loads zod (the ledger, the
 * snoozes, the history; the outbox: test/unit/cli/restart-receipts-spawn.test.ts).
 */
function fixedPointOnDisk<S extends z.ZodType>(schema: S, input: unknown): boolean {
  const parsed = schema.safeParse(input)
  // Only what the schema accepts is ever written (the rest is refused, never saved).
  fc.pre(parsed.success)
  const onDisk = JSON.parse(documentText(parsed.data)) as unknown
  const again = schema.safeParse(onDisk)
  return again.success && isDeepStrictEqual(again.data, onDisk)
}

const partial = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(shape, { requiredKeys: [] })
const wallTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)

const settingsInput = partial({
  ui: partial({ locale: fc.constantFrom('system', 'en', 'ja'), dayBoundary: wallTime, extendedHours: fc.boolean() }),
  reminders: partial({
    leadMinutes: fc.array(fc.integer({ min: 0, max: 1440 }), { maxLength: 6 }),
    quietHours: fc.record({ enabled: fc.boolean(), start: wallTime, end: wallTime }),
    mutedWorkIds: fc.array(fc.integer()),
    graceMinutes: fc.integer({ min: 0, max: 1440 }),
    timeZone: fc.constantFrom('UTC', 'Asia/Tokyo', 'America/New_York'),
    channels: fc.dictionary(
      fc.nat().map(String),
      partial({ offsetMinutes: fc.integer({ min: -60, max: 1440 }), muted: fc.boolean() })
    )
  }),
  poll: partial({ cron: fc.constantFrom('*/10 * * * *', '0 * * * *'), aheadHours: fc.integer({ min: 1, max: 168 }) }),
  inbox: partial({ webhook: partial({ enabled: fc.boolean(), port: fc.integer({ min: 0, max: 65535 }) }) }),
  shortcuts: partial({ toggleWindow: fc.constantFrom('', 'CommandOrControl+Shift+O') })
})

/** Any time zod takes: any wall time of years 0000–9999, any offset, with or without a fraction. */
const isoTime = fc
  .tuple(
    fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
    fc.integer({ min: -14 * 60, max: 14 * 60 }),
    fc.boolean()
  )
  .map(([date, offset, fraction]) => {
    // The wall time as written, whatever instant it names with its offset.
    const local = date.toISOString().slice(0, 23)
    const cut = fraction ? local : local.slice(0, 19)
    const sign = offset < 0 ? '-' : '+'
    const abs = Math.abs(offset)
    const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
    return offset === 0 ? `${cut}Z` : `${cut}${zone}`
  })

const program = fc.record({
  id: fc.integer(),
  startedAt: isoTime,
  isRebroadcast: fc.boolean(),
  channel: fc.record({ id: fc.integer(), name: fc.string() }),
  work: fc.record(
    { id: fc.integer(), title: fc.string(), seasonNameText: fc.option(fc.string()) },
    { requiredKeys: ['id', 'title'] }
  ),
  episode: fc.option(
    fc.record({
      id: fc.integer(),
      number: fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
      numberText: fc.option(fc.string()),
      title: fc.option(fc.string())
    })
  )
})

describe('what Onair writes is what its schema makes of it, read back', () => {
  it('settings', () => {
    fc.assert(fc.property(settingsInput, (input) => fixedPointOnDisk(SettingsSchema, input)))
  })

  it('the schedule', () => {
    const schedule = fc.record({ fetchedAt: fc.option(isoTime), programs: fc.array(program, { maxLength: 5 }) })
    fc.assert(fc.property(schedule, (input) => fixedPointOnDisk(ScheduleCacheSchema, input)))
  })

  const time = fc.double({ noNaN: true, noDefaultInfinity: true })

  it('the ledger', () => {
    const ledger = fc.record(
      {
        version: fc.constant(1),
        entries: fc.dictionary(fc.string(), fc.record({ deliveredAt: time, startedAt: time })),
        servedAt: time
      },
      { requiredKeys: ['version', 'entries'] }
    )
    fc.assert(fc.property(ledger, (input) => fixedPointOnDisk(LedgerDoc, input)))
  })

  it('the snoozes', () => {
    const snooze = fc.record({
      programId: fc.integer(),
      startedAt: fc.string(),
      offsetMinutes: fc.integer(),
      fireAt: time,
      requestedAt: time
    })
    const snoozes = fc.record({ version: fc.constant(1), snoozes: fc.dictionary(fc.string(), snooze) })
    fc.assert(fc.property(snoozes, (input) => fixedPointOnDisk(SnoozesDoc, input)))
  })

  it('the reminder history', () => {
    const reminder = fc.record({ key: fc.string(), offsetMinutes: fc.integer(), fireAt: time, program })
    const entry = fc.record(
      {
        at: time,
        outcome: fc.constantFrom(...HISTORY_OUTCOMES),
        reminders: fc.array(reminder, { maxLength: 3 }),
        lateMs: time,
        why: fc.constantFrom('away', 'not-running', 'shifted'),
        until: time,
        recordId: fc.string()
      },
      { requiredKeys: ['at', 'outcome', 'reminders'] }
    )
    const history = fc.record({ version: fc.constant(1), entries: fc.array(entry, { maxLength: 4 }) })
    fc.assert(fc.property(history, (input) => fixedPointOnDisk(HistoryDoc, input)))
  })

  it('a file the schema would change gets no receipt: the check can tell', () => {
    const filled = SettingsSchema.parse({})
    expect(isDeepStrictEqual(SettingsSchema.parse({ ui: {} }), { ui: {} })).toBe(false)
    expect(isDeepStrictEqual(SettingsSchema.parse(filled), filled)).toBe(true)
  })
})
