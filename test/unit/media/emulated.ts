import { ManualClock } from '../../support/manual-clock'
import { nodeFetchThrough } from '../../../src/main/core/http/node-fetch'
import { createMediaClient, type MediaClientOptions } from '../../../src/main/core/media/client'
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator'

/**
 * The real client against the emulator, both on one ManualClock whose waits (pacing, backoff)
 * advance it: the emulator's rate limiter sees the same virtual time, and no test sleeps.
 */
export async function emulated(emuOpts: EmulatorOptions, clientOpts: Partial<MediaClientOptions> = {}) {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0))
  const emu: Emulator = await startEmulator({ ...emuOpts, now: () => clock.now() })
  const session = { token: emu.tokens.readWrite as string | undefined }
  const client = createMediaClient({
    baseUrl: emu.baseUrl,
    token: () => session.token,
    clock,
    sleep: async (ms) => clock.advance(ms),
    retry: { random: () => 0.5 },
    ...clientOpts
  })
  return { emu, clock, client, session }
}

/**
 * Both kinds of sender: fetch (as the app's `net.fetch` answers; shell/net-fetch.ts is tested on
 * the Electron double) and node:http (the command line, here with Node's own agents).
 */
export const TRANSPORTS = [
  { transport: 'fetch', fetch: undefined },
  { transport: 'node:http', fetch: nodeFetchThrough({}) }
] as const

export const MODES = [
  { name: 'documented', quirks: false },
  { name: 'quirks', quirks: true }
] as const
