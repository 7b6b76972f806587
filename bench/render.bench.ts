import { readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { rendererDir } from '../test/e2e/serve'
import playwrightConfig from '../playwright.config'
import type { ScheduleView } from '../src/shared/contract'
import { benchCore } from './bench-core'
import { programs, viewOf } from './schedule-data'
import { openSchedule, type SchedulePage, type Times } from './render-page'
import { summarise, type Bench, type Row } from './stats'

/**
 * The schedule window (420×640, as the app opens it) with 1,000 and 10,000 cached programs in
 * Chromium (goals: 50 ms, 300 ms). The built renderer is served as the e2e fixture serves it, with a core with
 * in-memory settings and a stub `schedule:get`; each run pushes the N programs as a
 * `schedule:changed` event (what a poll sends) and times, inside the page, from the message
 * arriving (its deserialisation included) to the first screen of rows being in the DOM and
 * painted (what the user waits for). The list keeps only the rows near the viewport in the DOM
 * (ScheduleList.svelte), so there is no "whole list" to wait for;
 * `npm run bench -- window` measures scrolling through it.
 */
const RUNS = Number(process.env['RENDER_RUNS'] ?? 5)
const SIZES = (process.env['RENDER_SIZES'] ?? '1000,10000').split(',').map(Number)
const GOALS: Record<number, number> = { 1_000: 50, 10_000: 300 }
/** Rows of at least 56 px under 160 px of navigation, heading and filters: 9 fill it, 12 with room to spare. */
const FIRST_SCREEN = 12

/** The first row of the first screen and the last row, the ids the page waits for. */
function firstScreenId(view: ScheduleView): number {
  const list = view.programs
  return list.at(Math.min(FIRST_SCREEN, list.length) - 1)?.id ?? 0
}

/** One run on one page: from an empty list, the N programs, then empty again (the page idles). */
async function run(page: SchedulePage, n: number, first: number, run: number): Promise<Times> {
  await page.push('empty', 0)
  const t = await page.push(`n${n}`, first)
  await page.push('empty', 0)
  process.stderr.write(
    `  ${n} programs, run ${run}: first screen ${t.firstFrame.toFixed(0)} ms painted ` +
      `(load ${loadavg()[0]!.toFixed(1)})\n`
  )
  return t
}

function rowsOf(n: number, times: Times[]): Row[] {
  const goal = GOALS[n]!
  const met = (values: number[]) =>
    `goal < ${goal} ms: met in ${values.filter((v) => v < goal).length} of ${values.length} runs`
  const row = (metric: string, values: number[], note: string): Row => ({
    bench: 'render',
    metric: `schedule, ${n} programs: ${metric}`,
    ...summarise(values, 0, ' ms'),
    note: `${note}; ${met(values)}`
  })
  return [
    row(
      `data → first ${FIRST_SCREEN} rows in DOM`,
      times.map((t) => t.first),
      `${RUNS} runs`
    ),
    row(
      'data → first screen painted',
      times.map((t) => t.firstFrame),
      'the frame after them: style, layout, paint'
    )
  ]
}

async function renderTimes(): Promise<Row[]> {
  const { invoke, dispose } = benchCore('onair-bench-render-')
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions)
  try {
    const page = await openSchedule(browser, rendererDir, invoke)
    const rows: Row[] = []
    for (const n of SIZES) {
      const view = viewOf(programs(n, Date.now()))
      const first = firstScreenId(view)
      await page.store('empty', viewOf([]))
      await page.store(`n${n}`, view)
      // One warm-up push (JIT, first style resolution), then the measured ones, each from empty.
      await run(page, n, first, 0)
      const times: Times[] = []
      for (let r = 1; r <= RUNS; r++) times.push(await run(page, n, first, r))
      rows.push(...rowsOf(n, times))
    }
    await page.close()
    return rows
  } finally {
    await browser.close()
    dispose()
  }
}

const bench: Bench = {
  name: 'render',
  async run() {
    try {
      readdirSync(join(rendererDir, 'assets'))
    } catch {
      throw new Error(`${rendererDir} is missing: run \`npm run build\` before \`npm run bench render\``)
    }
    return renderTimes()
  }
}
export default bench
