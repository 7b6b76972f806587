import type { Browser, Page } from '@playwright/test'
import type { ScheduleView } from '../src/shared/contract'
import { installBridge } from '../test/e2e/bridge'
import { ORIGIN, serveRenderer } from '../test/e2e/serve'
import type { Reply } from '../src/shared/contract'

/**
 * One schedule window for the render bench: a built renderer in its own browser context, with the
 * lists to push already in the page. Playwright carries a page.evaluate argument as one
 * DevTools message that the page parses in a task of its own (≈ 5 MB and seconds for 10,000
 * programs on a loaded machine), and that task went on past the push and held back the first
 * frame; the app's event arrives over IPC instead. So the lists go into the page once, before any
 * timing, and each push starts from a fresh task, as an IPC message does.
 */
export interface SchedulePage {
  page: Page
  /** Puts a list into the page under `key`, untimed. */
  store(key: string, view: ScheduleView): Promise<void>
  /** Times one push of the list stored under `key`, until the row `first` is in the DOM (0: none is left). */
  push(key: string, first: number): Promise<Times>
  close(): Promise<void>
}

export interface Times {
  /** The first screen of rows in the DOM, and the frame after it. */
  first: number
  firstFrame: number
}

/** The window the app opens (src/main/shell/window.ts). */
const WINDOW = { width: 420, height: 640 }

export async function openSchedule(
  browser: Browser,
  dir: string,
  invoke: (name: unknown, input: unknown) => Promise<Reply>
): Promise<SchedulePage> {
  const context = await browser.newContext({ viewport: WINDOW })
  const page = await context.newPage()
  // A renderer that dies (out of memory, killed) ends its evaluate with "Target closed"; say which.
  page.on('crash', () => process.stderr.write(`  the renderer serving ${dir} crashed\n`))
  await serveRenderer(page, dir)
  // tsx (esbuild keepNames) wraps named functions in a `__name` helper, which the bridge's init
  // script then needs in the page; Playwright's own test transform does not, hence only here.
  await page.addInitScript('globalThis.__name = (fn) => fn')
  await installBridge(page, invoke)
  await page.goto(`${ORIGIN}/`)
  await page.locator('section.schedule').waitFor()
  return {
    page,
    store: (key, view) =>
      page.evaluate(
        ([k, v]) => {
          const g = globalThis as unknown as { __benchViews?: Record<string, unknown> }
          g.__benchViews = { ...g.__benchViews, [k]: v }
        },
        [key, view] as const
      ),
    push: (key, first) => timePush(page, key, first),
    close: () => context.close()
  }
}

/** One timed push, in the page. */
function timePush(page: Page, key: string, first: number): Promise<Times> {
  return page.evaluate(
    async ([k, first]) => {
      type El = object
      const g = globalThis as unknown as {
        __benchViews: Record<string, unknown>
        __onairEmit(name: string, payload: unknown): void
        document: { body: El; querySelector(selector: string): El | null }
        requestAnimationFrame(cb: () => void): void
        setTimeout(cb: () => void, ms: number): void
        structuredClone<T>(value: T): T
        MutationObserver: new (cb: () => void) => {
          observe(target: El, opts: { childList: boolean; subtree: boolean }): void
          disconnect(): void
        }
      }
      const task = () => new Promise<void>((resolve) => g.setTimeout(resolve, 0))
      // The frame after the DOM change: rAF runs before its style, layout and paint; a task
      // queued from there runs once that frame is done.
      const nextFrame = () => new Promise<void>((resolve) => g.requestAnimationFrame(() => g.setTimeout(resolve, 0)))
      // Done when that row is there, or for an empty list when no row is left.
      const present = (id: number) => {
        const selector = id ? `li[data-program-id="${id}"]` : 'li[data-program-id]'
        return () => (g.document.querySelector(selector) !== null) === (id !== 0)
      }
      // Mutation records arrive as a microtask right after Svelte's flush writes the DOM.
      const whenDom = (done: () => boolean) =>
        new Promise<number>((resolve) => {
          if (done()) return resolve(performance.now())
          const o = new g.MutationObserver(() => {
            if (!done()) return
            o.disconnect()
            resolve(performance.now())
          })
          o.observe(g.document.body, { childList: true, subtree: true })
        })
      const payload = g.__benchViews[k]
      await task()
      const t0 = performance.now()
      const firstDom = whenDom(present(first))
      // IPC hands the listener a deserialised copy (Electron's structured clone, then the context
      // bridge's copy into the page); a structured clone here stands in for that cost.
      g.__onairEmit('schedule:changed', g.structuredClone(payload))
      const tFirst = await firstDom
      await nextFrame()
      return { first: tFirst - t0, firstFrame: performance.now() - t0 }
    },
    [key, first] as const
  )
}
