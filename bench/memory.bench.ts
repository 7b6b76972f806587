import { rmSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { ManualClock } from '../src/main/core/clock'
import { scheduleFileStore } from '../src/main/core/schedule/schedule-file'
import { createLedger } from '../test/support/memory-ledger'
import { createScheduler } from '../src/main/core/schedule/scheduler'
import { type CachedProgram } from '../src/shared/schedule'
import { ReminderSettingsSchema } from '../src/shared/settings'
import { summarise, type Bench } from './stats'
import { scratchDir } from '../test/support/temp-dir'

/**
 * Heap held by the core for 10,000 cached programs: the schedule as loaded from schedule.json
 * (parsed and validated) plus the scheduler's plan of 20,000 pending reminders (10 min before and
 * at start), as heapUsed after full GCs.
 */
const RUNS = 5
const COUNT = 10_000

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heap(): number {
  // Several passes: one major GC can leave garbage that a later one collects.
  for (let i = 0; i < 4; i++) gc()
  return process.memoryUsage().heapUsed
}

function programs(now: number): CachedProgram[] {
  return Array.from({ length: COUNT }, (_, i) => ({
    id: i + 1,
    startedAt: new Date(now + 11 * 60_000 + i * 15_000).toISOString(),
    isRebroadcast: i % 5 === 0,
    channel: { id: (i % 40) + 1, name: `Channel ${(i % 40) + 1}` },
    work: {
      id: (i % 300) + 1,
      title: `A fairly typical anime title number ${(i % 300) + 1}`,
      seasonNameText: '2026年秋'
    },
    episode: {
      id: i + 1,
      number: String((i % 24) + 1),
      numberText: `第${(i % 24) + 1}話`,
      title: `Episode title ${i + 1}`
    }
  }))
}

/**
 * Heap grows by a couple of MB of transient or one-time state (compiled schemas, parser buffers)
 * that a forced GC does not always return, so one before/after difference is noisy. Instead the
 * same schedule is loaded COPIES times, all kept alive, and the cost is the average step between
 * copies, after a first copy that absorbs the one-time allocations.
 */
const COPIES = 4

async function once(): Promise<{ cacheMb: number; planMb: number; planMs: number }> {
  const dir = scratchDir('onair-bench-mem-')
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0))
  scheduleFileStore(dir).write({ fetchedAt: new Date(clock.now()).toISOString(), programs: programs(clock.now()) })
  const settings = ReminderSettingsSchema.parse({})
  const alive: unknown[] = []
  const cacheSteps: number[] = []
  const planSteps: number[] = []
  const planMs: number[] = []
  let before = heap()
  for (let copy = 0; copy < COPIES; copy++) {
    const loaded = scheduleFileStore(dir).read().programs
    const afterCache = heap()
    const scheduler = createScheduler({
      clock,
      ledger: createLedger(() => undefined),
      settings: () => settings,
      deliver: () => undefined
    })
    const t = performance.now()
    scheduler.update(loaded)
    planMs.push(performance.now() - t)
    const afterPlan = heap()
    if (scheduler.pending().length !== 2 * COUNT) throw new Error('unexpected plan size')
    alive.push(loaded, scheduler)
    if (copy > 0) {
      cacheSteps.push(afterCache - before)
      planSteps.push(afterPlan - afterCache)
    }
    before = afterPlan
  }
  rmSync(dir, { recursive: true, force: true })
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length / 2 ** 20
  return { cacheMb: mean(cacheSteps), planMb: mean(planSteps), planMs: Math.min(...planMs.slice(1)) }
}

const bench: Bench = {
  name: 'core memory',
  async run() {
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await once())
    return [
      {
        bench: 'memory',
        metric: `${COUNT} programs: schedule cache`,
        ...summarise(
          runs.map((r) => r.cacheMb),
          1,
          ' MB'
        ),
        note: 'heapUsed after GC, loaded from schedule.json'
      },
      {
        bench: 'memory',
        metric: `${COUNT} programs: plan`,
        ...summarise(
          runs.map((r) => r.planMb),
          1,
          ' MB'
        ),
        note: `${2 * COUNT} pending reminders (10 min before, at start)`
      },
      {
        bench: 'memory',
        metric: `${COUNT} programs: cache + plan`,
        ...summarise(
          runs.map((r) => r.cacheMb + r.planMb),
          1,
          ' MB'
        )
      },
      {
        bench: 'memory',
        metric: `${COUNT} programs: plan + reconcile time`,
        ...summarise(
          runs.map((r) => r.planMs),
          0,
          ' ms'
        )
      }
    ]
  }
}
export default bench
