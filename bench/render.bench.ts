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
import { RENDERER_BUDGET_BYTES, rendererJsSize, type JsSize } from './renderer-size'

/**
 * The schedule window (420×640, as the app opens it) with 1,000 and 10,000 cached programs in
 * Chromium (goals: 50 ms, 300 ms), and the renderer's JS gzipped (all of it, and the first
 * screen's). The built renderer is served as the e2e fixture serves it, with a core with
 * in-memory settings and a stub `schedule:get`; each run pushes the N programs as a
 * `schedule:changed` event (what a poll sends) and times, inside the page, from the message
 * arriving (its deserialisation included) to the first screen of rows being in the DOM and
 * painted (what the user waits for), and to the last row being in the DOM and the frame after it
 * (the whole list, which the view builds in chunks after the first screen: Tab, find-in-page and
 * screen readers reach every row only then).
 */
const RUNS = Number(process.env['RENDER_RUNS'] ?? 5)
const SIZES = (process.env['RENDER_SIZES'] ?? '1000,10000').split(',').map(Number)
const GOALS: Record<number, number> = { 1_000: 50, 10_000: 300 }
/**
 * How long a run may wait for the whole list. On a loaded machine Chromium sometimes lets the idle
 * chunks crawl for minutes (BENCHMARKS.md); past this the run counts as "not finished" and the
 * bench goes on, so the first-screen figures of every size still come from one run of the bench.
 */
const WHOLE_LIST_LIMIT_MS = Number(process.env['RENDER_WHOLE_LIST_LIMIT_MS'] ?? 60_000)
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
function idsOf(view: ScheduleView): { first: number; last: number } {
  const list = view.programs
  return { first: list.at(Math.min(FIRST_SCREEN, list.length) - 1)?.id ?? 0, last: list.at(-1)?.id ?? 0 }
}

/** One run on one page: from an empty list, the N programs, then empty again (the page idles). */
async function run(series: Series, n: number, ids: { first: number; last: number }, run: number): Promise<void> {
  await series.page.push('empty', { first: 0, last: 0 }, WHOLE_LIST_LIMIT_MS)
  const t = await series.page.push(`n${n}`, ids, WHOLE_LIST_LIMIT_MS)
  await series.page.push('empty', { first: 0, last: 0 }, WHOLE_LIST_LIMIT_MS)
  process.stderr.write(
    `  ${series.label}, ${n} programs, run ${run}: first screen ${t.firstFrame.toFixed(0)} ms painted, ` +
      `whole list ${t.dom.toFixed(0)} ms to the DOM (load ${loadavg()[0]!.toFixed(1)})\n`
  )
  if (run > 0) series.times.push(t)
}

function rowsOf(n: number, current: Series, baseline: Series | undefined): Row[] {
  const goal = GOALS[n]!
  const met = (values: number[]) =>
    `goal < ${goal} ms: met in ${values.filter((v) => v < goal).length} of ${values.length} runs`
  const row = (metric: string, all: number[], note: string): Row => {
    const values = all.filter((v) => !Number.isNaN(v))
    const unfinished = all.length - values.length
    return {
      bench: 'render',
      metric: `schedule, ${n} programs: ${metric}`,
      ...(values.length ? summarise(values, 0, ' ms') : { value: '—', spread: '—' }),
      note:
        `${note}; ${met(all)}` +
        (unfinished ? `; ${unfinished} run(s) not finished within ${WHOLE_LIST_LIMIT_MS / 1000} s` : '')
    }
  }
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
    ),
    row(
      'data → whole list in DOM',
      times.map((t) => t.dom),
      'last row in the DOM'
    ),
    row(
      'data → whole list, next frame',
      times.map((t) => t.frame),
      'the frame after the last row'
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
      const ids = idsOf(view)
      for (const s of pages) {
        await s.page.store('empty', viewOf([]))
        await s.page.store(`n${n}`, view)
        s.times = []
      }
      // One warm-up push (JIT, first style resolution), then the measured ones, each from empty;
      // with a baseline the two builds take turns, the first one changing each run.
      for (let r = 0; r <= RUNS; r++) {
        for (const s of r % 2 ? [...pages].reverse() : pages) await run(s, n, ids, r)
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

/** The renderer's JavaScript: all of it (the budget's measure) and what the first screen loads. */
function bundleSizes(): Row[] {
  const { total, firstScreen } = rendererJsSize(rendererDir)
  const kb = (b: number) => `${(b / 1024).toFixed(2)} KiB`
  const row = (metric: string, size: JsSize, note: string): Row => ({
    bench: 'render',
    metric,
    value: kb(size.gzipped),
    spread: 'same every run',
    note: `${size.files} file(s), ${kb(size.raw)} raw; gzip -9; ${note}`
  })
  return [
    row('renderer JS gzipped', total, `budget ${kb(RENDERER_BUDGET_BYTES)}`),
    row('first screen JS gzipped', firstScreen, 'entry and its static imports; lazy views load when opened')
  ]
}

const bench: Bench = {
  name: 'render',
  async run() {
    try {
      readdirSync(join(rendererDir, 'assets'))
    } catch {
      throw new Error(`${rendererDir} is missing: run \`npm run build\` before \`npm run bench render\``)
    }
    return [...(await renderTimes()), ...bundleSizes()]
  }
}
export default bench
