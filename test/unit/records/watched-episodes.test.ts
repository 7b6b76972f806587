import { afterEach, describe, expect, it } from 'vitest'
import type { Outbox } from '../../../src/main/core/records/outbox'
import { watchedEpisodes } from '../../../src/main/core/records/watched-episodes'
import type { Emulator } from '../../emulator'
import { outboxHarness, PROGRAM_9 } from './harness'

/** What "don't let me miss it" reads of the outbox: the episodes a watched record is queued or sent for. */
const watched = (outbox: Outbox) => [...watchedEpisodes({ entries: outbox.entries(), recent: outbox.recent() })]

describe('watchedEpisodes (the outbox as the repeats see it)', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('counts a record while it waits and once sent; not one undone before or after sending', async () => {
    const t = await outboxHarness()
    emu = t.emu
    const outbox = t.open()
    expect(watched(outbox)).toEqual([])
    const waiting = outbox.record(PROGRAM_9)
    expect(watched(outbox)).toEqual([301])
    outbox.undo(waiting.id)
    expect(watched(outbox)).toEqual([])
    const sent = outbox.record(PROGRAM_9)
    await t.advance(outbox, 11_000)
    expect(t.recordsOf(301)).toHaveLength(1)
    expect(watched(outbox)).toEqual([301])
    // Undone after sending: a delete waits to go; the episode is no longer recorded watched.
    expect(outbox.undo(sent.id)).toBe('delete-queued')
    expect(watched(outbox)).toEqual([])
    await outbox.stop()
  })
})
