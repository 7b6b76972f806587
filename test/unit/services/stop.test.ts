import { afterEach, describe, expect, it, vi } from 'vitest'
import { outboxFileStore } from '../../../src/main/core/records/store'
import { startEmulator, type Emulator } from '../../emulator/index'
import { PROGRAM_9 } from '../records/harness'
import { accountServices, servicesOf, testAccount } from '../account/helpers'

describe('app services: stop', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  // A quit (or Ctrl-C of `onair run`) while a record is on its way keeps the service's answer;
  // before, stop() resolved at once and the answer was written later, into whatever was there.
  it('resolves once the record being sent has its answer written', async () => {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    const services = accountServices(t)
    await services.start()
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'latency', ms: 300, times: 1 })
    services.records.outbox.record(PROGRAM_9, { immediate: true })
    await vi.waitFor(() => expect(services.records.outbox.entries()).toMatchObject([{ state: 'sending' }]))
    await services.stop()
    expect(outboxFileStore(t.dataDir).read().entries).toMatchObject([{ state: 'sent' }])
  })
})
