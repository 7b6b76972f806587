import { afterEach, describe, expect, it } from 'vitest'
import type { ApiError } from '../../../src/main/core/http/errors'
import type { Emulator } from '../../emulator'
import { emulated, MODES, TRANSPORTS } from './emulated'

async function failure(p: Promise<unknown>): Promise<ApiError> {
  return p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as ApiError
  )
}

describe.each(MODES.flatMap((mode) => TRANSPORTS.map((t) => ({ ...mode, ...t }))))(
  'faults injected by the emulator ($name mode, $transport)',
  ({ quirks, fetch }) => {
    let emu: Emulator | undefined
    afterEach(async () => {
      await emu?.close()
    })

    it('latency past the timeout is a timeout; a GET is retried and then succeeds', async () => {
      const t = await emulated({ quirks }, { fetch, timeoutMs: 100, retry: { maxAttempts: 1 } })
      emu = t.emu
      t.emu.faults.inject({ path: '/v1/me/works', kind: 'latency', ms: 400, times: 1 })
      expect(await failure(t.client.listWorks())).toMatchObject({ kind: 'timeout', ambiguous: false })

      const r = await emulated({ quirks }, { fetch, timeoutMs: 100, retry: { random: () => 0 } })
      await t.emu.close()
      emu = r.emu
      r.emu.faults.inject({ path: '/v1/me/works', kind: 'latency', ms: 400, times: 1 })
      // The first attempt timed out (as above), so this answer is the retry's.
      expect((await r.client.listWorks()).items.length).toBeGreaterThan(0)
    })

    it('a timed-out write is ambiguous and not repeated', async () => {
      const t = await emulated({ quirks }, { fetch, timeoutMs: 100 })
      emu = t.emu
      t.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'latency', ms: 300, times: 1 })
      expect(await failure(t.client.createRecord({ episodeId: 105 }))).toMatchObject({
        kind: 'timeout',
        ambiguous: true
      })
      // The POST is still held by its latency; a repeat would have been served at once.
      expect(t.emu.requests).toEqual([])
    })

    for (const status of [500, 503, 429]) {
      it(`a GET answered ${status} once is retried and succeeds`, async () => {
        const t = await emulated({ quirks }, { fetch })
        emu = t.emu
        t.emu.faults.inject({ method: 'GET', path: '/v1/me/programs', kind: 'status', status, times: 1 })
        const page = await t.client.listPrograms({ unwatched: true })
        expect(page.items.length).toBeGreaterThan(0)
        expect(t.emu.requests.map((r) => r.status)).toEqual([status, 200])
      })
    }

    it('a POST answered 500 or 503 is not retried; only the 500 may have landed', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 500, times: 1 })
      expect(await failure(t.client.createRecord({ episodeId: 105 }))).toMatchObject({
        kind: 'server',
        status: 500,
        ambiguous: true
      })
      t.emu.faults.inject({ method: 'POST', path: '/v1/me/statuses', kind: 'status', status: 503, times: 1 })
      expect(await failure(t.client.setStatus(9, 'watching'))).toMatchObject({
        kind: 'server',
        status: 503,
        ambiguous: false
      })
      expect(t.emu.requests).toHaveLength(2)
    })

    it('a reset GET is retried; a reset after commit on POST is ambiguous and the record did get created', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.emu.faults.inject({ method: 'GET', path: '/v1/me/works', kind: 'reset', times: 1 })
      expect((await t.client.listWorks()).items.length).toBeGreaterThan(0)

      const before = t.emu.media.records.length
      t.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
      const e = await failure(t.client.createRecord({ episodeId: 106, comment: 'did it land?' }))
      expect(e).toMatchObject({ kind: 'network', ambiguous: true })
      expect(t.emu.media.records).toHaveLength(before + 1)
      expect(t.emu.media.records.at(-1)).toMatchObject({ episodeId: 106, comment: 'did it land?' })
      expect(t.emu.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    })

    it('malformed JSON is a bad_response and is not retried', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 1 })
      expect(await failure(t.client.listPrograms())).toMatchObject({ kind: 'bad_response', status: 200 })
      expect(t.emu.requests).toHaveLength(1)
    })

    it('extra fields everywhere are ignored', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.emu.faults.inject({ path: '/v1/', kind: 'extra-fields' })
      const page = await t.client.listPrograms({ unwatched: true })
      expect(page.items.length).toBeGreaterThan(0)
      expect(JSON.stringify(page)).not.toContain('x_emulator_extra')
      const r = await t.client.createRecord({ episodeId: 105 })
      expect(r).not.toHaveProperty('x_emulator_extra')
    })

    it('tolerates missing descriptive fields but not a missing id or start time', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.emu.faults.inject({ path: '/v1/me/programs', kind: 'missing-fields', times: 1 })
      const page = await t.client.listPrograms({ ids: [10] })
      expect(page.items[0]?.work?.season_name).toBeUndefined()
      expect(page.items[0]?.episode?.number_text).toBeUndefined()

      t.emu.faults.inject({
        path: '/v1/me/programs',
        kind: 'missing-fields',
        fields: ['total_count', 'next_page', 'prev_page', 'title'],
        times: 1
      })
      expect((await t.client.listPrograms({ ids: [10] })).totalCount).toBeUndefined()

      for (const fields of [['id'], ['started_at'], ['programs']]) {
        t.emu.faults.inject({ path: '/v1/me/programs', kind: 'missing-fields', fields, times: 1 })
        expect((await failure(t.client.listPrograms())).kind).toBe('bad_response')
      }
    })
  }
)
