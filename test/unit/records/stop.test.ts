import { existsSync, rmSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../../emulator'
import { outboxHarness, PROGRAM_9 } from './harness'

let emu: Emulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

describe('outbox: stop', () => {
  it('stopped while a record is being sent: the answer is written before stop resolves, nothing after', async () => {
    const h = await outboxHarness()
    emu = h.emu
    // The record's answer comes late: stop() is called while the request is under way.
    h.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'latency', ms: 300, times: 1 })
    const outbox = h.open()
    outbox.record(PROGRAM_9, { immediate: true })
    await vi.waitFor(() => expect(outbox.entries()).toMatchObject([{ state: 'sending' }]))
    expect(h.recordsOf(301)).toHaveLength(0)
    await outbox.stop()
    // Not left 'sending' until its lease ran out: the service has it, and so does the file.
    expect(h.recordsOf(301)).toHaveLength(1)
    expect(outbox.entries()).toMatchObject([{ state: 'sent', recordId: h.recordsOf(301)[0]!.id }])
    // Nothing more is written: the folder, once removed, is not made again (it was, holding an
    // empty outbox.json, when a pass answered after its test had removed the folder).
    rmSync(h.dataDir, { recursive: true })
    h.clock.advance(86_400_000)
    await outbox.idle()
    expect(existsSync(h.dataDir)).toBe(false)
  })
})
