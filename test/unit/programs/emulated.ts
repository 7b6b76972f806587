import { createSessionMonitor, type SessionMonitor } from '../../../src/main/core/auth/monitor'
import type { CronFactory } from '../../../src/main/core/programs/cron'
import { createPoller, type PollerOptions, type PollerStatus } from '../../../src/main/core/programs/poller'
import { memoryStore } from '../../../src/main/core/store/document'
import type { ScheduleCache } from '../../../src/shared/schedule'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import type { EmulatorOptions } from '../../emulator'
import { emulated } from '../media/emulated'

/** Cron as a button: tests press `tick()` instead of waiting ten minutes. */
export function manualCron() {
  const ticks: Array<() => void> = []
  const expressions: string[] = []
  const factory: CronFactory = (expression, tick) => {
    expressions.push(expression)
    ticks.push(tick)
    return { stop: () => void ticks.splice(ticks.indexOf(tick), 1) }
  }
  return { factory, expressions, tick: () => ticks.forEach((t) => t()), active: () => ticks.length }
}

/** The poller over the real media client against the emulator, on one ManualClock. */
export async function emulatedPoller(emuOpts: EmulatorOptions = {}, extra: Partial<PollerOptions> = {}) {
  const t = await emulated(emuOpts)
  const monitor: SessionMonitor = createSessionMonitor('signed-in')
  const cache = memoryStore<ScheduleCache>({ fetchedAt: null, programs: [] })
  const cron = manualCron()
  const changes: PollerStatus[] = []
  const waiters: Array<(s: PollerStatus) => void> = []
  let settings: Settings = defaultSettings()
  const poller = createPoller({
    clock: t.clock,
    media: t.client,
    monitor,
    cache,
    settings: () => settings,
    random: () => 0.5,
    cron: cron.factory,
    onChange: (s) => {
      changes.push(s)
      for (const w of waiters.splice(0)) w(s)
    },
    ...extra
  })
  /** Resolves at the next status change (a poll that a timer started, for example). */
  const nextChange = () => new Promise<PollerStatus>((res) => waiters.push(res))
  const programRequests = () => t.emu.requests.filter((r) => r.path === '/v1/me/programs')
  const setSettings = (s: Settings) => {
    settings = s
  }
  return { ...t, monitor, cache, cron, changes, poller, nextChange, programRequests, setSettings }
}
