import { readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { rendererDir } from '../test/e2e/serve'
import playwrightConfig from '../playwright.config'
import type { ScheduleView } from '../src/shared/contract'
import { benchCore } from './bench-core'
import { programs, viewOf } from './schedule-data'
import { openSchedule, type SchedulePage, type Times } from './render-page'
import { median, summarise, type Bench, type Row } from './stats'
import { RENDERER_BUDGET_BYTES, rendererJsSize } from './renderer-size'

/**
 * The schedule window (420×640, as the app opens it) with 1,000 and 10,000 cached programs in
 * Chromium (goals: 50 ms, 300 ms), and the renderer's JS gzipped (all of it, and the first
 * screen's). The built renderer is served as the e2e fixture serves it, with a core with
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
/**
 * Another built renderer (an `out/renderer` folder, e.g. of an older commit) timed in the same
 * runs, interleaved with this build, for a ratio that holds on a loaded machine (BENCHMARKS.md).
 */
const BASELINE = process.env['RENDER_BASELINE']
/** Rows of at least 56 px under 160 px of navigation, heading and filters: 9 fill it, 12 with room to spare. */
const FIRST_SCREEN = 12

/** One build's runs at one size. */
interface Series {
  label: string
  page: SchedulePage
  times: Times[]
}

/** The first row of the first screen and the last row, the ids the page waits for. */
function firstScreenId(view: ScheduleView): number {
  const list = view.programs
  return list.at(Math.min(FIRST_SCREEN, list.length) - 1)?.id ?? 0
}

/** One run on one page: from an empty list, the N programs, then empty again (the page idles). */
async function run(series: Series, n: number, first: number, run: number): Promise<void> {
  await series.page.push('empty', 0)
  const t = await series.page.push(`n${n}`, first)
  await series.page.push('empty', 0)
  process.stderr.write(
    `  ${series.label}, ${n} programs, run ${run}: first screen ${t.firstFrame.toFixed(0)} ms painted ` +
      `(load ${loadavg()[0]!.toFixed(1)})\n`
  )
  if (run > 0) series.times.push(t)
}

function rowsOf(n: number, current: Series, baseline: Series | undefined): Row[] {
  const goal = GOALS[n]!
  const met = (values: number[]) =>
    `goal < ${goal} ms: met in ${values.filter((v) => v < goal).length} of ${values.length} runs`
  const row = (metric: string, values: number[], note: string): Row => ({
    bench: 'render',
    metric: `schedule, ${n} programs: ${metric}`,
    ...summarise(values, 0, ' ms'),
    note: `${note}; ${met(values)}`
  })
  const times = current.times
  const rows = [
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
  if (baseline) {
    const base = baseline.times.map((t) => t.firstFrame)
    const ratio = median(base) / median(times.map((t) => t.firstFrame))
    rows.push(
      row(
        `data → first screen painted, baseline ${baseline.label}`,
        base,
        `same runs, interleaved; this build is ${ratio.toFixed(2)}× as fast`
      )
    )
  }
  return rows
}

async function renderTimes(): Promise<Row[]> {
  const { invoke, dispose } = benchCore('onair-bench-render-')
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions)
  try {
    const current: Series = { label: 'this build', page: await openSchedule(browser, rendererDir, invoke), times: [] }
    const baseline: Series | undefined = BASELINE
      ? { label: BASELINE, page: await openSchedule(browser, resolve(BASELINE), invoke), times: [] }
      : undefined
    const pages = baseline ? [current, baseline] : [current]
    const rows: Row[] = []
    for (const n of SIZES) {
      const view = viewOf(programs(n, Date.now()))
      const first = firstScreenId(view)
      for (const s of pages) {
        await s.page.store('empty', viewOf([]))
        await s.page.store(`n${n}`, view)
        s.times = []
      }
      // One warm-up push (JIT, first style resolution), then the measured ones, each from empty;
      // with a baseline the two builds take turns, the first one changing each run.
      for (let r = 0; r <= RUNS; r++) {
        for (const s of r % 2 ? [...pages].reverse() : pages) await run(s, n, first, r)
      }
      rows.push(...rowsOf(n, current, baseline))
    }
    for (const s of pages) await s.page.close()
    return rows
  } finally {
    await browser.close()
    dispose()
  }
}

/** The renderer's JavaScript: all of it, the budget's measure. */
function bundleSize(): Row {
  const size = rendererJsSize(rendererDir)
  const kb = (b: number) => `${(b / 1024).toFixed(2)} KiB`
  return {
    bench: 'render',
    metric: 'renderer JS gzipped',
    value: kb(size.gzipped),
    spread: 'same every run',
    note: `${size.files} file(s), ${kb(size.raw)} raw; gzip -9; budget ${kb(RENDERER_BUDGET_BYTES)}`
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
    return [...(await renderTimes()), bundleSize()]
  }
}
export default bench
