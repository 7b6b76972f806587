import { loadavg } from 'node:os'
import { chromium, type Page } from '@playwright/test'
import { rendererDir } from '../test/e2e/serve'
import playwrightConfig from '../playwright.config'
import { benchCore } from './bench-core'
import { openSchedule } from './render-page'
import { programs, viewOf } from './schedule-data'
import { quantile, summarise, type Bench, type Row } from './stats'

/**
 * The schedule window's weight and smoothness with 1,000 and 10,000 programs: once the
 * list has settled (no row added for a second), Chromium's own figures over CDP
 * (Performance.getMetrics after a forced GC: JS heap used, DOM nodes, and the rows in the DOM), then
 * the frame times of scrolling from the top to the bottom of the list, a fixed step each frame
 * (rAF deltas: 16.7 ms is every frame on time). Same harness as the render bench.
 */
const RUNS = Number(process.env['WINDOW_RUNS'] ?? 3)
const SIZES = (process.env['WINDOW_SIZES'] ?? '1000,10000').split(',').map(Number)
/** Pixels scrolled per frame: about one 420×640 window's list area. */
const STEP_PX = 480

interface Sample {
  heapMiB: number
  nodes: number
  rows: number
  frames: number[]
}

/** Waits until the row count has not changed for a second (the list builds in idle chunks today). */
async function settle(page: Page): Promise<void> {
  let last = -1
  for (let i = 0; i < 240; i++) {
    const rows = await page.locator('li[data-program-id]').count()
    if (rows === last && rows > 0) return
    last = rows
    await page.waitForTimeout(1000)
  }
}

/** Scrolls the page from top to bottom in STEP_PX per frame; returns each frame's delta. */
function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async (step) => {
    const g = globalThis as unknown as {
      scrollTo(x: number, y: number): void
      scrollBy(x: number, y: number): void
      scrollY: number
      innerHeight: number
      document: { scrollingElement: { scrollHeight: number } }
      requestAnimationFrame(cb: (t: number) => void): void
    }
    g.scrollTo(0, 0)
    const frame = () => new Promise<number>((resolve) => g.requestAnimationFrame(resolve))
    const deltas: number[] = []
    let before = await frame()
    // The list may grow while it is scrolled (rows rendered near the end): go until the end stays put.
    while (g.scrollY + g.innerHeight < g.document.scrollingElement.scrollHeight - 1) {
      g.scrollBy(0, step)
      const t = await frame()
      deltas.push(t - before)
      before = t
    }
    return deltas
  }, STEP_PX)
}

async function sample(page: Page, key: string): Promise<Sample> {
  await page.evaluate((k) => {
    const g = globalThis as unknown as {
      __benchViews: Record<string, unknown>
      __onairEmit(n: string, p: unknown): void
    }
    g.__onairEmit('schedule:changed', structuredClone(g.__benchViews[k]))
  }, key)
  await settle(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN
  const rows = await page.locator('li[data-program-id]').count()
  const frames = await scrollFrames(page)
  await cdp.detach()
  return { heapMiB: metric('JSHeapUsedSize') / 2 ** 20, nodes: metric('Nodes'), rows, frames }
}

function rowsOf(n: number, samples: Sample[]): Row[] {
  const row = (metric: string, values: number[], digits: number, unit: string, note: string): Row => ({
    bench: 'window',
    metric: `schedule, ${n} programs: ${metric}`,
    ...summarise(values, digits, unit),
    note: `${samples.length} runs; ${note}`
  })
  return [
    row(
      'JS heap used',
      samples.map((s) => s.heapMiB),
      1,
      ' MiB',
      'CDP JSHeapUsedSize after a forced GC'
    ),
    row(
      'DOM nodes',
      samples.map((s) => s.nodes),
      0,
      '',
      'CDP Nodes, the list settled'
    ),
    row(
      'rows in the DOM',
      samples.map((s) => s.rows),
      0,
      '',
      'li[data-program-id]'
    ),
    row(
      'scroll frame p50',
      samples.map((s) => quantile(s.frames, 0.5)),
      1,
      ' ms',
      `${STEP_PX} px a frame, top to bottom`
    ),
    row(
      'scroll frame p95',
      samples.map((s) => quantile(s.frames, 0.95)),
      1,
      ' ms',
      '16.7 ms = every frame on time'
    )
  ]
}

async function measure(): Promise<Row[]> {
  const { invoke, dispose } = benchCore('onair-bench-window-')
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions)
  const rows: Row[] = []
  try {
    for (const n of SIZES) {
      const samples: Sample[] = []
      for (let r = 0; r < RUNS; r++) {
        // A fresh renderer each run, so one run's garbage is not the next one's heap.
        const page = await openSchedule(browser, rendererDir, invoke)
        await page.store(`n${n}`, viewOf(programs(n, Date.now())))
        const s = await sample(page.page, `n${n}`)
        await page.close()
        process.stderr.write(
          `  ${n} programs, run ${r + 1}: heap ${s.heapMiB.toFixed(1)} MiB, ` +
            `${s.nodes} nodes, ${s.rows} rows, ${s.frames.length} frames p50 ${quantile(s.frames, 0.5).toFixed(1)} / ` +
            `p95 ${quantile(s.frames, 0.95).toFixed(1)} ms (load ${loadavg()[0]!.toFixed(1)})\n`
        )
        samples.push(s)
      }
      rows.push(...rowsOf(n, samples))
    }
    return rows
  } finally {
    await browser.close()
    dispose()
  }
}

const bench: Bench = { name: 'window', run: measure }
export default bench
