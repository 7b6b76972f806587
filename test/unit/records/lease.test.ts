import { hostname } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { OutboxDoc, type ProcessRef } from '../../../src/shared/records'
import { createOutbox, type Outbox } from '../../../src/main/core/records/outbox'
import { outboxFileStore } from '../../../src/main/core/records/store'
import { watchDocument } from '../../../src/main/core/store/watch'
import type { Emulator } from '../../emulator'
import { outboxHarness, PROGRAM_9 } from './harness'
import { sendAndWait, SEND_WAIT_MS } from '../../../src/main/cli/commands/outbox'
import { saveDocumentBody, savedDocument } from '../../support/saved-documents'

/**
 * Two processes on one saved outbox, played by two outboxes with their own identity and their own
 * store over the same database (as two processes have). What the service stored is the judge.
 */
let emu: Emulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

const process = (id: string, pid = globalThis.process.pid): ProcessRef => ({ host: hostname(), pid, id })

async function twoProcesses() {
  const h = await outboxHarness()
  emu = h.emu
  const open = (owner: ProcessRef, watch = false): Outbox =>
    createOutbox({
      store: outboxFileStore(h.dataDir),
      media: () => h.client,
      clock: h.clock,
      monitor: h.monitor,
      random: () => 0.5,
      owner,
      ...(watch ? { watch: (onChange) => watchDocument(h.dataDir, 'outbox', onChange) } : {})
    })
  const readDoc = () => OutboxDoc.parse(savedDocument(h.dataDir, 'outbox'))
  /** The saved outbox as another process, busy sending the record, would have left it. */
  const sendingBy = (owner: ProcessRef, until: number) => {
    const queued = open(process('writer'))
    const entry = queued.record(PROGRAM_9, { immediate: true })
    const doc = readDoc()
    Object.assign(doc.entries[0]!, { state: 'sending', attempts: 1, lease: { owner, until } })
    saveDocumentBody(h.dataDir, 'outbox', JSON.stringify(doc))
    return entry
  }
  return { ...h, open, readDoc, sendingBy }
}

describe('outbox: one folder, several processes', () => {
  it('two running outboxes and one record: it is sent once, by one of them', async () => {
    const h = await twoProcesses()
    const a = h.open(process('a'))
    const b = h.open(process('b'))
    a.start()
    b.start()
    a.record(PROGRAM_9, { immediate: true })
    await Promise.all([a.idle(), b.idle(), b.flush()])
    await Promise.all([a.idle(), b.idle()])
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(h.readDoc().entries.map((e) => e.state)).toEqual(['sent'])
    expect(b.entries()[0]).toMatchObject({ state: 'sent' })
  })

  it('an entry leased by a live process is not sent, retried or discarded by another until the lease ends', async () => {
    const h = await twoProcesses()
    const entry = h.sendingBy(process('busy'), h.clock.now() + 60_000)
    const b = h.open(process('b'))
    b.start()
    expect(() => b.retry(entry.id)).toThrow('being sent right now')
    expect(() => b.discard(entry.id)).toThrow('being sent right now')
    await h.advance(b, 59_000)
    expect(h.recordsOf(301)).toHaveLength(0)
    expect(h.readDoc().entries[0]).toMatchObject({ state: 'sending' })
    // The owner stopped answering: its lease ends, the entry is reconciled (the POST may have
    // landed) and, as it did not, sent once.
    await h.advance(b, 1_000)
    await b.idle()
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(h.readDoc().entries[0]).toMatchObject({ state: 'sent' })
  })

  it("a dead process's lease is taken over at once; an answer that landed is not sent again", async () => {
    const h = await twoProcesses()
    h.sendingBy(process('dead', 2 ** 22 + 17), h.clock.now() + 60_000)
    // The dead process's POST had reached the service.
    await h.client.createRecord({ episodeId: 301, comment: '', shareMicroblog: false, shareSocialnet: false })
    const doc = h.readDoc()
    Object.assign(doc.entries[0]!, { baseline: 'unwatched' })
    saveDocumentBody(h.dataDir, 'outbox', JSON.stringify(doc))
    const b = h.open(process('b'))
    b.start()
    await b.idle()
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(h.readDoc().entries[0]).toMatchObject({ state: 'sent', recordId: null })
  })

  it('an entry queued by another process is picked up by a running outbox as soon as the saved outbox changes', async () => {
    const h = await twoProcesses()
    const daemon = h.open(process('daemon'), true)
    daemon.start()
    const sent = new Promise<void>((resolve) => daemon.onChange((entries) => entries[0]?.state === 'sent' && resolve()))
    // `onair record --no-wait` in a terminal: queues, and is gone before sending (scope own, never started).
    h.open(process('terminal')).record(PROGRAM_9, { immediate: true })
    await sent
    await daemon.idle()
    expect(h.recordsOf(301)).toHaveLength(1)
    daemon.stop()
  })

  it("a short command's outbox sends only what it queued itself", async () => {
    const h = await twoProcesses()
    h.open(process('earlier')).record({ ...PROGRAM_9, episodeId: 302, programId: 10 }, { immediate: true })
    const cmd = h.open(process('cmd'))
    cmd.start({ scope: 'own' })
    const mine = cmd.record(PROGRAM_9, { immediate: true })
    await cmd.idle()
    expect(cmd.entries().find((e) => e.id === mine.id)).toMatchObject({ state: 'sent' })
    expect(h.recordsOf(302)).toHaveLength(0)
  })

  it('a command waiting for an entry someone else is sending gives up after the bound, the entry still queued', async () => {
    const h = await twoProcesses()
    const entry = h.sendingBy(process('daemon'), h.clock.now() + 10 * 60_000)
    const cmd = h.open(process('cmd'))
    cmd.start({ scope: 'own' })
    const waited = sendAndWait(cmd, entry.id, h.clock)
    h.clock.advance(SEND_WAIT_MS - 1_000)
    let done = false
    void waited.then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    h.clock.advance(1_000)
    expect(await waited).toMatchObject({ timedOut: true, entry: { id: entry.id, state: 'sending' } })
    cmd.stop()
  })
})
