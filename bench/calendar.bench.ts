/**
 * Calendar export: the whole saved schedule as one iCalendar document, as `onair upcoming --ics`,
 * "Export .ics" and the subscribed feed make it on every request. 10,000 programs (far more than
 * any real 48-hour window) with long Japanese titles, several runs after a warm-up.
 */
import { calendarDocument } from '../src/main/core/calendar/feed'
import { CachedProgramSchema, type CachedProgram } from '../src/shared/schedule'
import { SettingsSchema } from '../src/shared/settings'
import { summarise, type Bench, type Row } from './stats'

const RUNS = 7
const GOAL_MS = 300
const BASE = Date.UTC(2026, 2, 28)

function programs(n: number): CachedProgram[] {
  return Array.from({ length: n }, (_, i) =>
    CachedProgramSchema.parse({
      id: i + 1,
      startedAt: new Date(BASE + i * 60_000).toISOString(),
      isRebroadcast: i % 7 === 0,
      channel: { id: i % 20, name: `チャンネル ${i % 20}` },
      work: { id: i % 500, title: `魔法少女の放課後、星の図書館; 第${i % 500}作 — “Starlit”, \\ Courier` },
      episode: { id: i, number: (i % 24) + 1, numberText: `第${(i % 24) + 1}話`, title: '夜行便のゆくえ、そして朝' }
    })
  )
}

/** Wall time, and the CPU time of this process over the same span (what the work costs on a busy machine). */
async function time(n: number, alarms: boolean): Promise<{ wall: number[]; cpu: number[] }> {
  const schedule = { fetchedAt: new Date(BASE).toISOString(), programs: programs(n) }
  const settings = SettingsSchema.parse({ reminders: { timeZone: 'Asia/Tokyo' } })
  const make = () =>
    calendarDocument({ schedule, settings, locale: 'ja', mediaUrl: 'https://media.example', alarms, now: BASE })
  // Also loads the calendar library, imported with the first document.
  await make()
  const wall: number[] = []
  const cpu: number[] = []
  for (let r = 0; r < RUNS; r++) {
    const c = process.cpuUsage()
    const t = performance.now()
    await make()
    wall.push(performance.now() - t)
    const used = process.cpuUsage(c)
    cpu.push((used.user + used.system) / 1000)
  }
  return { wall, cpu }
}

const bench: Bench = {
  name: 'calendar',
  async run(): Promise<Row[]> {
    const rows: Row[] = []
    for (const alarms of [false, true]) {
      const { wall, cpu } = await time(10_000, alarms)
      const metric = `10,000 programs to .ics${alarms ? ', 2 alarms each' : ''}`
      const met = (times: number[]) =>
        `goal < ${GOAL_MS} ms: met in ${times.filter((t) => t < GOAL_MS).length} of ${RUNS} runs`
      rows.push(
        { bench: 'calendar', metric: `${metric}: wall time`, ...summarise(wall, 0, ' ms'), note: met(wall) },
        { bench: 'calendar', metric: `${metric}: CPU time`, ...summarise(cpu, 0, ' ms'), note: met(cpu) }
      )
    }
    return rows
  }
}
export default bench
