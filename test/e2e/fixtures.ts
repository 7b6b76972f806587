/**
 * The renderer e2e fixture: the built renderer in Chromium, its `window.api` bound to the REAL
 * core through the same `dispatch` the Electron shell uses.
 *
 *   import { test, expect } from './fixtures'
 *   test.use({ onairDeps: { locale: () => 'ja-JP' } })   // optional: override core deps
 *   test.use({ onairDepsFor: { build: ({ dataDir, openBrowser }) => ({ account: … }) } })   // deps needing the harness
 *   test('…', async ({ onair, page }) => {
 *     await onair.open()                                   // load the app
 *     await onair.push('app:notice', { … })                // main → renderer event, via the core
 *     expect(onair.calls).toContainEqual({ name: 'app:info', input: undefined })
 *   })
 */
import { originOf } from '../../src/shared/service-address'
import { rmSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'
import { createAccount, type Account } from '../../src/main/core/account/account'
import { folderParts } from '../../src/main/core/account/folder-account'
import { createCore, type Core, type CoreDeps } from '../../src/main/core/app'
import { memorySecrets } from '../../src/main/core/auth/secrets'
import { sessionFileStore } from '../../src/main/core/auth/session-store'
import { systemClock } from '../../src/main/core/clock'
import { ManualClock } from '../support/manual-clock'
import { memoryNotifier } from '../../src/main/core/notify'
import { openAppServices, type AppServices } from '../../src/main/core/services'
import { settingsFileStore } from '../../src/main/core/store/settings'
import { startEmulator, type Emulator } from '../emulator/index'
import { harnessDeps } from '../support/harness-core'
import { createHandlers, dispatch } from '../../src/main/core/ipc/handlers'
import type { EventName, EventPayload, Handlers } from '../../src/shared/contract'
import { deliverEvent, installBridge } from './bridge'
import { ORIGIN, serveRenderer } from './serve'
import { scratchDir } from '../support/temp-dir'

export { expect }
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

/** What deps built per test can use: the test's data folder and the recorded "system browser". */
export interface HarnessParts {
  dataDir: string
  openBrowser: (url: string) => void
}

interface Fixtures {
  onairDeps: Partial<CoreDeps>
  /** Wrapped in an object: Playwright would take a bare function for a fixture of its own. */
  onairDepsFor: { build: (parts: HarnessParts) => Partial<CoreDeps> } | undefined
  onair: OnairHarness
}

export const test = base.extend<Fixtures, { defaultService: Emulator }>({
  onairDeps: [{}, { option: true }],
  onairDepsFor: [undefined, { option: true }],
  // The service a test that brings no account of its own is signed in to.
  defaultService: [
    async ({}, use) => {
      const emu = await startEmulator({ port: 0 })
      await use(emu)
      await emu.close()
    },
    { scope: 'worker' }
  ],
  onair: async ({ page, onairDeps, onairDepsFor, defaultService }, use) => {
    const dataDir = scratchDir('onair-e2e-')
    // Removed also when setting up failed (an emulator down, a store that cannot open).
    try {
      const clock = new ManualClock()
      const opened: string[] = []
      const parts = { dataDir, openBrowser: (url: string) => void opened.push(url) }
      const given = { ...onairDeps, ...onairDepsFor?.build(parts) }
      const own = given.account ? given : await signedIn(defaultService, parts)
      const core = createCore({
        ...harnessDeps({ dataDir, clock, account: own.account, settings: own.settings }),
        openExternal: async (url) => {
          opened.push(url)
        },
        version: '0.1.0-e2e',
        locale: () => 'en-US',
        ...given
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
        const delivery = deliverEvent(page, name, payload)
        // An event the core emits on its own (an outbox timer) may race the end of the test, when
        // there is no page left to show it; `push` still awaits its own deliveries and reports them.
        delivery.catch(() => {})
        deliveries.push(delivery)
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
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
})

/** Every feature is there, so the onboarding would cover the app until someone is signed in. */
async function signedIn(emu: Emulator, parts: HarnessParts): Promise<Partial<CoreDeps>> {
  const deps = emulatedAccount(emu, { configured: true }).build(parts)
  await deps.account!.signInWithToken(emu.tokens.readWrite)
  return deps
}

async function openApp(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/`)
  await page.getByRole('heading', { level: 1 }).waitFor()
}

/**
 * A real account bound to an emulator, for `onairDepsFor`: secrets in memory (reported as encrypted
 * unless `encrypted: false`, which makes the renderer ask for consent), files in the test folder.
 */
export function emulatedAccount(
  emu: Emulator,
  opts: { configured?: boolean; encrypted?: boolean; buildClient?: boolean } = {}
): { build: (parts: HarnessParts) => Partial<CoreDeps> } {
  return {
    build({ dataDir, openBrowser }) {
      const settings = settingsFileStore(dataDir)
      const secrets = memorySecrets()
      const account = createAccount({
        settings,
        secrets: { ...secrets, encryptionAvailable: () => opts.encrypted ?? true },
        sessionStore: sessionFileStore(dataDir),
        // Real time for HTTP pacing; the sign-in timeout is never reached in these tests.
        clock: systemClock,
        openBrowser,
        locale: () => 'en',
        ...folderParts(dataDir),
        // As a build that carries the emulator's client (core/auth/build-client.ts).
        ...(opts.buildClient
          ? {
              buildClient: {
                mediaUrl: emu.baseUrl,
                wikiUrl: emu.baseUrl,
                clientId: emu.client.id,
                clientSecret: emu.client.secret
              }
            }
          : {})
      })
      if (opts.configured) {
        // What saving the services does, at once: the memory store keeps a secret as it is set.
        settings.update((s) => ({
          ...s,
          services: { mediaUrl: emu.baseUrl, wikiUrl: emu.baseUrl, clientId: emu.client.id, redirectPort: 0 }
        }))
        void secrets.set('mediaClientSecret', { value: emu.client.secret, origin: originOf(emu.baseUrl) })
      }
      return { account, settings }
    }
  }
}

/**
 * The app's own composition (`openAppServices`) over an emulated, configured account: settings
 * writes re-plan the reminders and switch the local listeners exactly as in the app. Cron never ticks.
 */
export function emulatedAppServices(
  emu: Emulator,
  parts: HarnessParts,
  clock: ManualClock
): { services: AppServices; account: Account } {
  const { account, settings } = emulatedAccount(emu, { configured: true }).build(parts)
  if (!account || !settings) throw new Error('emulatedAccount gave no account')
  const services = openAppServices({
    dataDir: parts.dataDir,
    clock,
    account,
    settings,
    notifier: memoryNotifier(),
    locale: () => 'en',
    webhook: { face: 'app' },
    cron: () => ({ stop() {} })
  })
  return { services, account }
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
}

/** The page's full width: 420 in the app's window unless something runs past its right edge. */
export const pageScrollWidth = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth
  )
