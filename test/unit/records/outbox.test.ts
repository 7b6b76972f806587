import { afterEach, describe, expect, it } from 'vitest'
import { USER_ID, type Emulator } from '../../emulator'
import { outboxHarness, PROGRAM_9 } from './harness'
import { saveDocumentBody, savedDocument, setAsideBodies } from '../../support/saved-documents'

let emu: Emulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

async function setup(...args: Parameters<typeof outboxHarness>) {
  const h = await outboxHarness(...args)
  emu = h.emu
  return h
}

const unwatchedIds = async (h: Awaited<ReturnType<typeof outboxHarness>>) =>
  (await h.client.listPrograms({ unwatched: true, ids: [9] })).items.map((p) => p.id)

describe('outbox: records', () => {
  it('waits out the undo window, then sends exactly one record; the episode leaves the unwatched programs', async () => {
    const h = await setup()
    const outbox = h.open()
    const entry = outbox.record({ ...PROGRAM_9, comment: 'lovely', rating: 4.5 })
    expect(entry).toMatchObject({ kind: 'record', state: 'waiting', sendAt: h.clock.now() + 10_000 })
    await h.advance(outbox, 9_999)
    expect(h.recordsOf(301)).toHaveLength(0)
    await h.advance(outbox, 1)
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(h.recordsOf(301)[0]).toMatchObject({ comment: 'lovely', rating: 4.5, shareMicroblog: false })
    const sent = outbox.entries().find((e) => e.id === entry.id)
    expect(sent).toMatchObject({ state: 'sent', recordId: h.recordsOf(301)[0]!.id })
    expect(outbox.recent()).toMatchObject([{ id: entry.id, episodeId: 301, comment: 'lovely', rating: 4.5 }])
    expect(await unwatchedIds(h)).toEqual([])
  })

  it('undo within the window sends nothing; undo after sending deletes the record', async () => {
    const h = await setup()
    const outbox = h.open()
    const first = outbox.record(PROGRAM_9)
    await h.advance(outbox, 5_000)
    expect(outbox.undo(first.id)).toBe('removed')
    await h.advance(outbox, 60_000)
    expect(h.recordsOf(301)).toHaveLength(0)
    expect(h.emu.requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    const second = outbox.record(PROGRAM_9)
    await h.advance(outbox, 10_000)
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(outbox.undo(second.id)).toBe('delete-queued')
    await outbox.idle()
    expect(h.recordsOf(301)).toHaveLength(0)
    expect(outbox.recent()).toEqual([])
    expect(await unwatchedIds(h)).toEqual([9])
  })

  it('offline: stays queued across a restart and is sent exactly once when the service is back', async () => {
    const h = await setup()
    let outbox = h.open()
    const entry = outbox.record(PROGRAM_9)
    await h.emu.suspend()
    await h.advance(outbox, 10_000)
    expect(outbox.entries()[0]).toMatchObject({ id: entry.id, state: 'failed', willRetry: true })
    expect(outbox.entries()[0]!.nextAttemptAt).toBeGreaterThan(h.clock.now())
    await outbox.stop()

    outbox = h.open() // the app restarted: the entry comes back from the saved outbox
    expect(outbox.entries()).toMatchObject([{ id: entry.id, state: 'failed', willRetry: true }])
    await h.emu.resume()
    await outbox.flush()
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(outbox.entries()[0]).toMatchObject({ state: 'sent' })
  })

  it('retries by itself with growing backoff until the service answers', async () => {
    const h = await setup()
    const outbox = h.open()
    outbox.record(PROGRAM_9, { immediate: true })
    await h.emu.suspend()
    await outbox.idle()
    const waits: number[] = []
    for (let i = 0; i < 3; i++) {
      const e = outbox.entries()[0]!
      waits.push(e.nextAttemptAt! - h.clock.now())
      await h.advance(outbox, e.nextAttemptAt! - h.clock.now())
    }
    expect(waits[1]! > waits[0]! && waits[2]! > waits[1]!).toBe(true)
    await h.emu.resume()
    await h.advance(outbox, outbox.entries()[0]!.nextAttemptAt! - h.clock.now())
    expect(h.recordsOf(301)).toHaveLength(1)
  })

  it('a reset after the record was committed is reconciled, never sent twice', async () => {
    const h = await setup()
    const outbox = h.open()
    h.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
    outbox.record(PROGRAM_9, { immediate: true })
    await outbox.idle()
    await outbox.flush()
    await h.advance(outbox, 3_600_000)
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(h.emu.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    // Landed, but the service never said under which id: not editable from the app.
    expect(outbox.entries()[0]).toMatchObject({ state: 'sent', recordId: null })
  })

  it('a lost answer for an episode it cannot look up asks the user instead of risking a duplicate', async () => {
    const h = await setup()
    const outbox = h.open()
    h.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
    const entry = outbox.record({ episodeId: 301 }, { immediate: true })
    await outbox.idle()
    await outbox.flush()
    expect(outbox.entries()[0]).toMatchObject({
      state: 'needs-confirmation',
      reason: { en: expect.stringContaining('Check your records') }
    })
    expect(() => outbox.undo(entry.id)).toThrow(/may already have been saved/)
    expect(h.recordsOf(301)).toHaveLength(1)
    outbox.discard(entry.id)
    expect(outbox.entries()).toEqual([])
  })

  it('a lost answer for a rewatch (the episode had a record before) asks the user: the service shows no second record', async () => {
    const h = await setup()
    const outbox = h.open()
    h.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
    // Program 2 of the seed: episode 102, recorded by the user already.
    outbox.record({ episodeId: 102, programId: 2, workId: 1 }, { immediate: true })
    await outbox.idle()
    await outbox.flush()
    expect(outbox.entries()[0]).toMatchObject({ state: 'needs-confirmation', baseline: 'watched' })
    expect(h.recordsOf(102)).toHaveLength(2)
  })

  it('a lost answer that did not land is sent again after reconciling', async () => {
    const h = await setup()
    const outbox = h.open()
    h.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset', times: 1 })
    outbox.record(PROGRAM_9, { immediate: true })
    await outbox.idle()
    await h.advance(outbox, 3_600_000)
    expect(h.recordsOf(301)).toHaveLength(1)
  })

  it('403 with a read-only token: failed with the write-access message, not retried', async () => {
    const h = await setup()
    h.session.token = h.emu.tokens.read
    const outbox = h.open()
    outbox.record(PROGRAM_9, { immediate: true })
    await outbox.idle()
    expect(outbox.entries()[0]).toMatchObject({
      state: 'failed',
      willRetry: false,
      reason: { en: expect.stringContaining('Sign in again with write access') }
    })
    await h.advance(outbox, 86_400_000)
    expect(h.emu.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    h.session.token = h.emu.tokens.readWrite
    outbox.retry(outbox.entries()[0]!.id)
    await outbox.idle()
    expect(h.recordsOf(301)).toHaveLength(1)
  })

  it('401 pauses the outbox through the session monitor and keeps the entry', async () => {
    const h = await setup()
    h.session.token = 'revoked'
    const outbox = h.open()
    outbox.record(PROGRAM_9, { immediate: true })
    await outbox.idle()
    expect(h.monitor.state()).toBe('signed-out')
    expect(outbox.entries()[0]).toMatchObject({ state: 'failed', willRetry: true })
    await h.advance(outbox, 86_400_000)
    h.session.token = h.emu.tokens.readWrite
    h.monitor.markSignedIn()
    await outbox.flush()
    expect(h.recordsOf(301)).toHaveLength(1)
  })

  it('404 on an unknown episode: failed, not retried, kept until discarded', async () => {
    const h = await setup()
    const outbox = h.open()
    outbox.record({ episodeId: 99_999 }, { immediate: true })
    await h.advance(outbox, 86_400_000)
    expect(outbox.entries()[0]).toMatchObject({ state: 'failed', willRetry: false })
  })
})

describe('outbox: edits', () => {
  it('an edit sends the full comment; a rating-only edit keeps the old comment', async () => {
    const h = await setup()
    const outbox = h.open()
    const entry = outbox.record({ ...PROGRAM_9, comment: 'line one\nline two', rating: 3 })
    await h.advance(outbox, 10_000)
    outbox.edit(entry.id, { rating: 4.5 })
    await outbox.idle()
    expect(h.recordsOf(301)[0]).toMatchObject({ comment: 'line one\nline two', rating: 4.5 })
    outbox.edit(entry.id, { comment: 'rewritten' })
    await outbox.idle()
    expect(h.recordsOf(301)[0]).toMatchObject({ comment: 'rewritten', rating: 4.5, isModified: true })
    expect(outbox.recent()[0]).toMatchObject({ comment: 'rewritten', rating: 4.5 })
  })

  it('editing during the undo window changes what will be sent', async () => {
    const h = await setup()
    const outbox = h.open()
    const entry = outbox.record(PROGRAM_9)
    outbox.edit(entry.id, { comment: 'typed after clicking' })
    await h.advance(outbox, 10_000)
    expect(h.recordsOf(301)[0]).toMatchObject({ comment: 'typed after clicking' })
  })
})

describe('outbox: statuses', () => {
  it('a status change is sent and reaches the service', async () => {
    const h = await setup()
    const outbox = h.open()
    outbox.setStatus(9, 'watching', undefined)
    await outbox.idle()
    expect(h.emu.media.statusOf(USER_ID, 9)).toBe('watching')
  })

  it('a failed status change tells the UI to roll back to the previous kind', async () => {
    const h = await setup()
    h.session.token = h.emu.tokens.read
    const outbox = h.open()
    const rollbacks: unknown[] = []
    outbox.onRollback((e) => rollbacks.push(e))
    outbox.setStatus(3, 'watched', 'wanna_watch')
    await outbox.idle()
    expect(rollbacks).toMatchObject([{ workId: 3, attempted: 'watched', previous: 'wanna_watch' }])
    expect(h.emu.media.statusOf(USER_ID, 3)).toBe('wanna_watch')
  })
})

describe('outbox: the file', () => {
  it('tells listeners about every change', async () => {
    const h = await setup()
    const outbox = h.open()
    const states: string[] = []
    outbox.onChange((entries) =>
      states.push(
        entries.map((e) => (e.kind === 'record' && e.baseline ? `${e.state}:${e.baseline}` : e.state)).join(',')
      )
    )
    outbox.record(PROGRAM_9)
    await h.advance(outbox, 10_000)
    // The baseline reaches the file while the entry is sending, before the request leaves.
    expect(states).toEqual(['waiting', 'sending', 'sending:unwatched', 'sent:unwatched'])
  })

  it('an entry left "sending" by a crash is reconciled on restart, not sent twice', async () => {
    const h = await setup()
    let outbox = h.open()
    outbox.record(PROGRAM_9, { immediate: true })
    await outbox.idle()
    await outbox.stop()
    // Rewrite the saved outbox as a crash right after the POST would have left it.
    const doc = savedDocument<{ entries: Array<Record<string, unknown>>; recent: unknown[] }>(h.dataDir, 'outbox')!
    doc.entries[0]!.state = 'sending'
    delete doc.entries[0]!.recordId
    doc.recent = []
    saveDocumentBody(h.dataDir, 'outbox', JSON.stringify(doc))
    outbox = h.open()
    await outbox.idle()
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(outbox.entries()[0]).toMatchObject({ state: 'sent' })
  })

  it('a corrupt saved outbox is set aside (kept) and reported; the outbox starts empty', async () => {
    const h = await setup()
    saveDocumentBody(h.dataDir, 'outbox', '{"version": 1, "entries": [')
    const outbox = h.open()
    expect(outbox.entries()).toEqual([])
    expect(h.corrupt).toHaveLength(1)
    expect(setAsideBodies(h.dataDir, 'outbox')).toEqual(['{"version": 1, "entries": ['])
  })
})
