import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateCron } from '../../../src/main/core/programs/cron'
import { toCachedProgram } from '../../../src/main/core/programs/normalize'
import { programSchema } from '../../../src/main/core/media/schemas'
import { CachedProgramSchema } from '../../../src/shared/schedule'

const full = programSchema.parse({
  id: 7,
  started_at: '2026-04-05T12:00:00.000Z',
  is_rebroadcast: true,
  channel: { id: 2, name: 'BS11' },
  work: { id: 3, title: 'Orbit Gardeners', season_name_text: '2026年春' },
  episode: { id: 301, number: 1.0, number_text: '第1話', title: 'Seeds' }
})

describe('normalize', () => {
  it('maps every field Onair shows, with the live numeric episode number as a string', () => {
    expect(toCachedProgram(full)).toEqual({
      id: 7,
      startedAt: '2026-04-05T12:00:00.000Z',
      isRebroadcast: true,
      channel: { id: 2, name: 'BS11' },
      work: { id: 3, title: 'Orbit Gardeners', seasonNameText: '2026年春' },
      episode: { id: 301, number: '1', numberText: '第1話', title: 'Seeds' }
    })
  })

  it('skips programs without a work title or channel; degrades the rest', () => {
    const cut = (patch: object) => programSchema.parse({ ...full, ...patch })
    const [one, two, three, ...kept] = [
      cut({ id: 1, work: { id: 3 } }),
      cut({ id: 2, channel: {} }),
      cut({ id: 3, work: {} }),
      cut({ id: 4, episode: {}, channel: { id: 2 }, is_rebroadcast: undefined }),
      cut({ id: 5, episode: null })
    ].map(toCachedProgram)
    expect([one, two, three]).toEqual([null, null, null])
    expect(kept.map((p) => [p!.id, p!.episode, p!.channel.name, p!.isRebroadcast])).toEqual([
      [4, null, '', false],
      [5, null, 'BS11', true]
    ])
  })

  it('never throws, and whatever it keeps is a valid cached program', () => {
    const partial = fc.record(
      {
        id: fc.integer({ min: 1, max: 1e6 }),
        started_at: fc.constant('2026-04-05T12:00:00Z'),
        is_rebroadcast: fc.boolean(),
        channel: fc.record({ id: fc.integer({ min: 1, max: 9 }), name: fc.option(fc.string()) }, { requiredKeys: [] }),
        work: fc.record({ id: fc.integer({ min: 1, max: 9 }), title: fc.option(fc.string()) }, { requiredKeys: [] }),
        episode: fc.option(
          fc.record(
            {
              id: fc.integer({ min: 1, max: 9 }),
              number: fc.option(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string()))
            },
            { requiredKeys: [] }
          )
        )
      },
      { requiredKeys: ['id', 'started_at'] }
    )
    fc.assert(
      fc.property(partial, (raw) => {
        const c = toCachedProgram(programSchema.parse(raw))
        if (c) expect(CachedProgramSchema.safeParse(c).success).toBe(true)
      })
    )
  })
})

describe('validateCron', () => {
  it('accepts 5- and 6-field expressions', () => {
    for (const e of ['*/10 * * * *', '0 */2 * * *', '30 */5 * * * *', ' 0 9 * * 1-5 '])
      expect(validateCron(e), e).toEqual({ ok: true })
  })

  it('still accepts every spelling a saved schedule may use', () => {
    const spellings = ['? */10 * * *', '0\t9 * * mon-fri', '0 12 * * FRI#L', '0 12 15L * *', '0 12 * * 1-5#2', '@daily']
    for (const e of spellings) expect(validateCron(e), e).toEqual({ ok: true })
  })

  it('rejects bad expressions and more than one poll a minute, saying why in both languages', () => {
    for (const e of ['', 'bogus', '61 * * * *', '* * * * * * *', '* * * * * *', '*/5 * * * * *']) {
      const r = validateCron(e)
      expect(r.ok, e).toBe(false)
      if (!r.ok) expect(r.message.ja.length).toBeGreaterThan(0)
    }
    const r = validateCron('61 * * * *')
    expect(!r.ok && r.message.en).toContain('minute')
  })
})
