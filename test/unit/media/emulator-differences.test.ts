import { afterEach, describe, expect, it } from 'vitest'
import type { ApiError } from '../../../src/main/core/http/errors'
import type { Emulator } from '../../emulator'
import { emulated, MODES } from './emulated'

/**
 * The media client against the points where the documents and the live service differ:
 * it must read both shapes of a `fields=` answer, and send nothing either mode would refuse —
 * date bounds only in the documented form, each parameter once, share flags exactly true/false.
 */
const HOUR = 3_600_000

describe.each(MODES)('media client and the emulator differences ($name mode)', ({ quirks }) => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
  })

  it('reads cut-down answers whether the wrappers stay as {} (live) or are dropped (documents)', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const programs = await t.client.listPrograms({ fields: ['started_at'], ids: [7, 11], perPage: 50 })
    expect(programs.items.map((p) => p.id).sort((a, b) => a - b)).toEqual([7, 11])
    for (const p of programs.items) {
      expect(p.started_at).toBe(new Date(t.emu.media.programs.find((row) => row.id === p.id)!.startedAt).toISOString())
      // Live: {} wrappers; documents: no wrapper at all. Neither has a channel name to show.
      expect(p.channel?.name).toBeUndefined()
      expect(p.work?.title).toBeUndefined()
    }
    const works = await t.client.listWorks({ fields: ['title'], ids: [1, 2] })
    expect(works.items.map((w) => [w.id, w.title])).toEqual([
      [1, 'Starlit Courier'],
      [2, 'Midnight Bakery Club']
    ])
    expect(works.items.every((w) => w.status?.kind === undefined)).toBe(true)
  })

  it('sends each parameter once, date bounds in the documented form, and booleans as true/false', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const now = t.clock.now()
    await t.client.listPrograms({
      startedFrom: now - HOUR + 30_500,
      startedTo: new Date(now + 5 * HOUR),
      unwatched: false,
      ids: [1, 4],
      sortStartedAt: 'desc'
    })
    await t.client.listWorks({ title: 'Bakery', status: 'watching', sortSeason: 'asc', fields: ['title', 'title'] })
    const created = await t.client.createRecord({ episodeId: 301, shareMicroblog: false, shareSocialnet: false })
    await t.client.updateRecord(created.id, { comment: 'edited' })
    for (const r of t.emu.requests) {
      expect(r.status, `${r.method} ${r.path}?${r.query}`).toBeGreaterThanOrEqual(200)
      expect(r.status).toBeLessThan(300)
      const names = [...new URLSearchParams(r.query).keys()]
      expect(new Set(names).size, r.query).toBe(names.length)
      for (const [name, value] of new URLSearchParams(r.query)) {
        if (name.startsWith('filter_started_at_')) expect(value).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
        if (name === 'filter_unwatched') expect(['true', 'false']).toContain(value)
      }
    }
    const fieldsSent = new URLSearchParams(t.emu.requests.find((r) => r.path === '/v1/me/works')?.query)
    expect(fieldsSent.get('fields')).toBe('id,title')
    expect(t.emu.media.records.find((r) => r.id === created.id)).toMatchObject({
      comment: 'edited',
      shareMicroblog: false,
      shareSocialnet: false
    })
  })

  it('refuses a share flag that is not a boolean before sending, instead of sharing by truthiness', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const before = t.emu.media.records.length
    const input = { episodeId: 301, shareMicroblog: 'maybe' as unknown as boolean }
    const error = await t.client.createRecord(input).then(
      () => undefined,
      (e: unknown) => e as ApiError
    )
    expect(error?.kind).toBe('invalid_params')
    expect(error?.status).toBeUndefined()
    expect(t.emu.requests).toEqual([])
    expect(t.emu.media.records.length).toBe(before)
  })
})
