import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Page } from '@playwright/test'
import { createCore } from '../src/main/core/app'
import { systemClock } from '../src/main/core/clock'
import { memoryStore } from '../src/main/core/store/json-file'
import { defaultSettings } from '../src/shared/settings'
import { createHandlers, dispatch } from '../src/main/core/ipc/handlers'
import type { ScheduleView } from '../src/shared/contract'
import type { CachedProgram } from '../src/shared/schedule'
import { installBridge } from '../test/e2e/bridge'
import { ORIGIN, rendererDir, serveRenderer } from '../test/e2e/serve'
import playwrightConfig from '../playwright.config'
import { summarise, type Bench, type Row } from './stats'

/**
 * The schedule window (420×640, as the app opens it) with 1,000 and 10,000 cached programs in
 * Chromium (goals: 50 ms, 300 ms), and the renderer's JS gzipped. The built renderer is served as the e2e fixture serves it, with
 * a core with in-memory settings and a stub `schedule:get`; each run pushes the N programs as a
 * `schedule:changed` event (what a poll sends) and times, inside the page, from the payload
 * arriving to the first screen of rows being in the DOM and painted (what the user waits for), and
 * to the last row being in the DOM and the frame after it (the whole list, which the view may
 * build in chunks after the first screen: Tab, find-in-page and screen readers reach every row
 * only then).
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
/** The window the app opens (src/main/shell/window.ts). */
const WINDOW = { width: 420, height: 640 }
/** Rows of at least 3.4rem (48 px) under ~150 px of navigation, heading and filters: 12 fill it. */
const FIRST_SCREEN = 12

/** N programs over the next 40 hours, with the variety a real schedule has (channels, reruns, specials). */
function programs(n: number, now: number): CachedProgram[] {
  const spacing = (40 * 3_600_000) / n
  return Array.from({ length: n }, (_, i) => {
    const work = (i % 250) + 1
    const episode =
      i % 37 === 0
        ? null
        : { id: i + 1, number: String((i % 13) + 1), numberText: `第${(i % 13) + 1}話`, title: `Episode ${i + 1}` }
    return {
      id: i + 1,
      startedAt: new Date(now + 60_000 + i * spacing).toISOString(),
      isRebroadcast: i % 7 === 0,
      channel: { id: (i % 12) + 1, name: `Channel ${(i % 12) + 1}` },
      work: { id: work, title: `Work title ${work}`, seasonNameText: '2026年秋' },
      episode
    }
  })
}

const viewOf = (list: CachedProgram[]): ScheduleView => ({
  fetchedAt: new Date().toISOString(),
  offline: false,
  state: 'ok',
  programs: list
})

interface Times {
  /** The first screen of rows in the DOM, and the frame after it. */
  first: number
  firstFrame: number
  /** The last row in the DOM (or none left), and the frame after it; NaN past the limit. */
  dom: number
  frame: number
}

/** One timed push, in the page. */
function timePush(page: Page, view: ScheduleView): Promise<Times> {
  const lastId = view.programs.at(-1)?.id ?? 0
  const firstId = view.programs.at(Math.min(FIRST_SCREEN, view.programs.length) - 1)?.id ?? 0
  return page.evaluate(
    async ([payload, last, first, limit]) => {
      type El = object
      const g = globalThis as unknown as {
        __onairEmit(name: string, payload: unknown): void
        document: { body: El; querySelector(selector: string): El | null }
        requestAnimationFrame(cb: () => void): void
        setTimeout(cb: () => void, ms: number): void
        MutationObserver: new (cb: () => void) => {
          observe(target: El, opts: { childList: boolean; subtree: boolean }): void
          disconnect(): void
        }
      }
      const nextFrame = () => new Promise<void>((resolve) => g.requestAnimationFrame(() => setTimeout(resolve, 0)))
      // Done when that row is there, or for an empty list when no row is left.
      const present = (id: number) => {
        const selector = id ? `li[data-program-id="${id}"]` : 'li[data-program-id]'
        return () => (g.document.querySelector(selector) !== null) === (id !== 0)
      }
      // Mutation records arrive as a microtask right after Svelte's flush writes the DOM.
      const whenDom = (done: () => boolean) =>
        new Promise<number>((resolve) => {
          if (done()) return resolve(performance.now())
          const observer = new g.MutationObserver(() => {
            if (!done()) return
            observer.disconnect()
            resolve(performance.now())
          })
          observer.observe(g.document.body, { childList: true, subtree: true })
        })
      const t0 = performance.now()
      const firstDom = whenDom(present(first))
      const lastDom = whenDom(present(last))
      g.__onairEmit('schedule:changed', payload)
      const tFirst = await firstDom
      await nextFrame()
      const tFirstFrame = performance.now()
      const tooLong = new Promise<number>((resolve) => g.setTimeout(() => resolve(Number.NaN), limit))
      const tDom = await Promise.race([lastDom, tooLong])
      if (Number.isNaN(tDom)) return { first: tFirst - t0, firstFrame: tFirstFrame - t0, dom: tDom, frame: tDom }
      await nextFrame()
      return { first: tFirst - t0, firstFrame: tFirstFrame - t0, dom: tDom - t0, frame: performance.now() - t0 }
    },
    [view, lastId, firstId, WHOLE_LIST_LIMIT_MS] as const
  )
}

async function renderTimes(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onair-bench-render-'))
  const core = createCore({
    clock: systemClock,
    dataDir,
    openExternal: async () => {},
    appName: 'Onair',
    version: 'bench',
    platform: 'linux',
    locale: () => 'en-US',
    settings: memoryStore(defaultSettings())
  })
  const handlers = { ...createHandlers(core), 'schedule:get': async () => viewOf([]) }
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions)
  try {
    const page = await browser.newPage({ viewport: WINDOW })
    await serveRenderer(page)
    // tsx (esbuild keepNames) wraps named functions in a `__name` helper, which the bridge's init
    // script then needs in the page; Playwright's own test transform does not, hence only here.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    await installBridge(page, (name, input) => dispatch(handlers, name, input))
    await page.goto(`${ORIGIN}/`)
    await page.locator('section.schedule').waitFor()
    const rows: Row[] = []
    for (const n of SIZES) {
      const view = viewOf(programs(n, Date.now()))
      const times: Times[] = []
      // One warm-up push (JIT, first style resolution), then the measured ones, each from empty.
      for (let run = 0; run <= RUNS; run++) {
        await timePush(page, viewOf([]))
        const t = await timePush(page, view)
        process.stderr.write(
          `  ${n} programs, run ${run}: first screen ${t.firstFrame.toFixed(0)} ms painted, whole list ${t.dom.toFixed(0)} ms to the DOM\n`
        )
        if (run > 0) times.push(t)
      }
      const goal = GOALS[n]!
      const met = (values: number[]) => {
        const within = values.filter((v) => v < goal).length
        return `goal < ${goal} ms: met in ${within} of ${values.length} runs`
      }
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
      rows.push(
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
      )
    }
    return rows
  } finally {
    await browser.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function bundleSize(): Row {
  const dir = join(rendererDir, 'assets')
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'))
  const raw = files.reduce((sum, f) => sum + readFileSync(join(dir, f)).length, 0)
  const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0)
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`
  return {
    bench: 'render',
    metric: 'renderer JS gzipped',
    value: kb(gz),
    spread: 'same every run',
    note: `${files.length} file(s), ${kb(raw)} raw; gzip -9`
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
