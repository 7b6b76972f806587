import { ManualClock, systemClock } from '../src/main/core/clock'
import { createLedger } from '../test/support/memory-ledger'
import { createScheduler } from '../src/main/core/schedule/scheduler'
import { CachedProgramSchema } from '../src/shared/schedule'
import { ReminderSettingsSchema } from '../src/shared/settings'
import { quantile, summarise, type Bench } from './stats'

/**
 * Reminder lateness on the real clock: 200 programs starting 1–3 s ahead, reminded at start by
 * the real scheduler (one timer, re-planned at every wake-up), each lateness = delivery − fireAt.
 * Grouping is off so every reminder is its own timer wake-up, the hardest case.
 *
 * On a shared machine most lateness is the event loop waiting for a CPU, not the scheduler. So
 * each run is paired with a control: 200 bare setTimeouts for the same kind of deadlines. The
 * difference between the two is what the scheduler itself costs.
 */
const RUNS = 5
const COUNT = 200

function deadlines(t0: number): number[] {
  return Array.from({ length: COUNT }, (_, i) => t0 + 1000 + Math.floor((2000 * i) / COUNT) + (i % 7))
}

async function control(): Promise<number[]> {
  const late: number[] = []
  await new Promise<void>((done) => {
    for (const at of deadlines(Date.now())) {
      setTimeout(() => {
        late.push(Date.now() - at)
        if (late.length === COUNT) done()
      }, at - Date.now())
    }
  })
  return late
}

/** CPU cost of one wake-up (re-plan + reconcile of 200 programs), free of timer noise. */
function wakeCostUs(): number {
  const clock = new ManualClock(Date.now())
  const settings = ReminderSettingsSchema.parse({ leadMinutes: [0], groupThreshold: 10_000 })
  const scheduler = createScheduler({
    clock,
    ledger: createLedger(() => undefined),
    settings: () => settings,
    deliver: () => undefined
  })
  scheduler.update(programsAt(deadlines(clock.now())))
  const n = 500
  const t = performance.now()
  for (let i = 0; i < n; i++) scheduler.replan()
  return ((performance.now() - t) / n) * 1000
}

function programsAt(times: number[]) {
  return times.map((at, i) =>
    CachedProgramSchema.parse({
      id: i + 1,
      startedAt: new Date(at).toISOString(),
      isRebroadcast: false,
      channel: { id: 1, name: 'Tokyo MX' },
      work: { id: i + 1, title: `Work ${i + 1}` },
      episode: null
    })
  )
}

async function once(): Promise<number[]> {
  const settings = ReminderSettingsSchema.parse({ leadMinutes: [0], groupThreshold: 10_000 })
  const t0 = Date.now()
  const programs = programsAt(deadlines(t0))
  const late: number[] = []
  // Keeps the process alive: the system clock's timers are unref'd by design.
  const hold = setInterval(() => undefined, 1000)
  await new Promise<void>((done) => {
    const scheduler = createScheduler({
      clock: systemClock,
      ledger: createLedger(() => undefined),
      settings: () => settings,
      deliver(d) {
        const now = Date.now()
        const reminders = d.kind === 'single' ? [d.reminder] : d.reminders
        for (const r of reminders) late.push(now - r.fireAt)
        if (late.length >= COUNT) {
          scheduler.stop()
          done()
        }
      }
    })
    scheduler.update(programs)
  })
  clearInterval(hold)
  return late
}

const bench: Bench = {
  name: 'reminder lateness',
  async run() {
    const p50: number[] = []
    const p99: number[] = []
    const max: number[] = []
    const bare99: number[] = []
    const cost: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const late = await once()
      p50.push(quantile(late, 0.5))
      p99.push(quantile(late, 0.99))
      max.push(Math.max(...late))
      bare99.push(quantile(await control(), 0.99))
      cost.push(wakeCostUs())
    }
    const met = p99.filter((v) => v < 50).length
    return [
      { bench: 'lateness', metric: `${COUNT} reminders: p50`, ...summarise(p50, 1, ' ms'), note: `${RUNS} runs` },
      {
        bench: 'lateness',
        metric: `${COUNT} reminders: p99`,
        ...summarise(p99, 1, ' ms'),
        note: `goal < 50 ms: met in ${met} of ${RUNS} runs`
      },
      { bench: 'lateness', metric: `${COUNT} reminders: max`, ...summarise(max, 1, ' ms') },
      {
        bench: 'lateness',
        metric: `control, ${COUNT} bare setTimeouts: p99`,
        ...summarise(bare99, 1, ' ms'),
        note: 'same machine, same moment: the noise floor'
      },
      {
        bench: 'lateness',
        metric: `one wake-up with ${COUNT} programs (CPU)`,
        ...summarise(cost, 0, ' µs'),
        note: 're-plan + reconcile, ManualClock'
      }
    ]
  }
}
export default bench
