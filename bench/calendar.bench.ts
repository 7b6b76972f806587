/**
 * Calendar export: the whole saved schedule as one iCalendar document, as `onair upcoming --ics`,
 * "Export .ics" and the subscribed feed make it on every request. 10,000 programs (far more than
 * any real 48-hour window) with long Japanese titles, without and with two alarms a program, several
 * runs after a warm-up (which also loads the calendar library). Wall time (the goal) beside this
 * process's CPU time over the same span (a loaded machine's wall time is mostly waiting for a core).
 */
import { calendarDocument } from '../src/main/core/calendar/feed'
import { SettingsSchema } from '../src/shared/settings'
import { row, type Bench, type Row } from './stats'

const RUNS = 7
const GOAL_MS = 300
const BASE = Date.UTC(2026, 2, 28)
const schedule = {
  fetchedAt: new Date(BASE).toISOString(),
  programs: Array.from({ length: 10_000 }, (_, i) => ({
    id: i + 1,
    startedAt: new Date(BASE + i * 60_000).toISOString(),
    isRebroadcast: i % 7 === 0,
    channel: { id: i % 20, name: `チャンネル ${i % 20}` },
    work: { id: i % 500, title: `魔法少女の放課後、星の図書館; 第${i % 500}作 — “Starlit”, \\ Courier` },
    episode: {
      id: i,
      number: String((i % 24) + 1),
      numberText: `第${(i % 24) + 1}話`,
      title: '夜行便のゆくえ、そして朝'
    }
  }))
}
const settings = SettingsSchema.parse({ reminders: { timeZone: 'Asia/Tokyo' } })

const bench: Bench = {
  name: 'calendar',
  async run(): Promise<Row[]> {
    const rows: Row[] = []
    for (const alarms of [false, true]) {
      const make = () =>
        calendarDocument({ schedule, settings, locale: 'ja', mediaUrl: 'https://media.example', alarms, now: BASE })
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
      const metric = `10,000 programs to .ics${alarms ? ', 2 alarms each' : ''}`
      const met = (times: number[]) =>
        `goal < ${GOAL_MS} ms: met in ${times.filter((t) => t < GOAL_MS).length} of ${RUNS} runs`
      rows.push(
        row('calendar', `${metric}: wall time`, wall, 0, ' ms', met(wall)),
        row('calendar', `${metric}: CPU time`, cpu, 0, ' ms', met(cpu))
      )
    }
    return rows
  }
}
export default bench
