import { ManualClock } from '../src/main/core/clock'
import type { RequestStats } from '../src/main/core/http/request'
import { createMediaClient } from '../src/main/core/media/client'
import { pollOnce } from '../src/main/core/schedule/poll'
import { defaultSettings } from '../src/shared/settings'
import { startEmulator } from '../test/emulator/index'
import { summarise, type Bench, type Row } from './stats'

/**
 * Requests and bytes of one poll with exactly N programs in the window, against the ideal
 * ceil(N/50) requests. The emulator plays the live service (quirks
 * mode, rate limit on); waits run on a ManualClock, so the figures do not depend on pacing time.
 */
const RUNS = 3

async function measure(n: number) {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0))
  const emu = await startEmulator({ quirks: true, rateLimit: true, now: () => clock.now() })
  // Only the benchmark's programs, spread over the 48 h ahead.
  emu.media.programs.length = 0
  emu.seedPrograms(n, { startFrom: clock.now() + 60_000, spacingMinutes: (47 * 60) / n })
  const stats: RequestStats[] = []
  const media = createMediaClient({
    baseUrl: emu.baseUrl,
    token: () => emu.tokens.readWrite,
    clock,
    sleep: async (ms) => clock.advance(ms),
    onRequest: (s) => stats.push(s)
  })
  const t = performance.now()
  const r = await pollOnce({ media, now: clock.now(), settings: defaultSettings() })
  const ms = performance.now() - t
  await emu.close()
  if (!r.ok || r.programs.length !== n) throw new Error(`poll of ${n} failed or incomplete`)
  return {
    requests: stats.length,
    bytes: stats.reduce((a, s) => a + s.bytes, 0),
    ms,
    virtualMs: clock.now() - Date.UTC(2026, 10, 22, 12, 0),
    r429: stats.filter((s) => s.status === 429).length
  }
}

const bench: Bench = {
  name: 'poll cost',
  async run() {
    const rows: Row[] = []
    for (const n of [10, 100, 1000]) {
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await measure(n))
      const label = `N=${n}`
      const ideal = Math.ceil(n / 50)
      const first = runs[0]!
      rows.push({
        bench: 'poll',
        metric: `${label}: requests`,
        value: String(first.requests),
        spread: runs.every((r) => r.requests === first.requests)
          ? 'same every run'
          : runs.map((r) => r.requests).join('/'),
        note: `ideal ceil(N/50) = ${ideal}; 429s: ${first.r429}`
      })
      rows.push({
        bench: 'poll',
        metric: `${label}: bytes`,
        value: String(first.bytes),
        spread: runs.every((r) => r.bytes === first.bytes) ? 'same every run' : runs.map((r) => r.bytes).join('/'),
        note: `${Math.round(first.bytes / n)} B/program`
      })
      rows.push({
        bench: 'poll',
        metric: `${label}: wall time`,
        ...summarise(
          runs.map((r) => r.ms),
          0,
          ' ms'
        ),
        note: `paced: ${(first.virtualMs / 1000).toFixed(1)} s of virtual waits (≤3 req/s)`
      })
    }
    return rows
  }
}
export default bench
