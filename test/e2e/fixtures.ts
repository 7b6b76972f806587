/**
 * The renderer e2e fixture: the built renderer in Chromium, its `window.api` bound to the REAL
 * core through the same `dispatch` the Electron shell uses.
 *
 *   import { test, expect } from './fixtures'
 *   test.use({ onairDeps: { locale: () => 'ja-JP' } })   // optional: override core deps
 *   test('…', async ({ onair, page }) => {
 *     await onair.open()                                   // load the app
 *     await onair.push('app:notice', { … })                // main → renderer event, via the core
 *     expect(onair.calls).toContainEqual({ name: 'app:info', input: undefined })
 *   })
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, type Page } from '@playwright/test'
import { createCore, type Core, type CoreDeps } from '../../src/main/core/app'
import { ManualClock } from '../../src/main/core/clock'
import { createHandlers, dispatch } from '../../src/main/core/ipc/handlers'
import type { EventName, EventPayload, Handlers } from '../../src/shared/contract'
import { deliverEvent, installBridge } from './bridge'
import { ORIGIN, serveRenderer } from './serve'

export { expect } from '@playwright/test'
export { ORIGIN }

export interface OnairHarness {
  core: Core
  handlers: Handlers
  clock: ManualClock
  dataDir: string
  /** Every command the page sent, in order, as received (before validation). */
  calls: { name: unknown; input: unknown }[]
  /** URLs the core asked the "system browser" to open. */
  opened: string[]
  open(): Promise<void>
  /** Emits through the core's event bus and waits until the page's listeners ran. */
  push<E extends EventName>(name: E, payload: EventPayload<E>): Promise<void>
}

interface Fixtures {
  onairDeps: Partial<CoreDeps>
  onair: OnairHarness
}

export const test = base.extend<Fixtures>({
  onairDeps: [{}, { option: true }],
  onair: async ({ page, onairDeps }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onair-e2e-'))
    const clock = new ManualClock()
    const opened: string[] = []
    const core = createCore({
      clock,
      dataDir,
      openExternal: async (url) => {
        opened.push(url)
      },
      appName: 'Onair',
      version: '0.1.0-e2e',
      platform: 'linux',
      locale: () => 'en-US',
      ...onairDeps
    })
    const handlers = createHandlers(core)
    const calls: OnairHarness['calls'] = []
    await serveRenderer(page)
    await installBridge(page, (name, input) => {
      calls.push({ name, input })
      return dispatch(handlers, name, input)
    })
    const deliveries: Promise<void>[] = []
    const unsubscribe = core.events.subscribe((name, payload) => {
      deliveries.push(deliverEvent(page, name, payload))
    })
    await use({
      core,
      handlers,
      clock,
      dataDir,
      calls,
      opened,
      open: () => openApp(page),
      async push(name, payload) {
        core.events.emit(name, payload)
        await Promise.all(deliveries.splice(0))
      }
    })
    unsubscribe()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

async function openApp(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/`)
  await page.getByRole('heading', { level: 1 }).waitFor()
}
