/**
 * Notifications reach the OS: one is shown (the OS answers `show`, or `failed` where it refuses,
 * e.g. an unsigned macOS build) and a refused one is logged as `failed` in main.log. The app has
 * something to say at once when a saved file does not read: its settings file is left broken.
 * On Linux the app speaks to the notification server over D-Bus itself (shell/app-notifier.ts),
 * never through Electron's Notification, so there the spec gives it a server of its own
 * (python3-dbusmock on a private session bus) and reads what the server was sent.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { electronOrSkip } from './electron'
import { launchOnair, type Launched } from './launch'
import { scratchDir } from '../support/temp-dir'
import {
  missing,
  startNotificationServer,
  startSessionBus,
  type NotificationServer
} from '../unit/linux/notification-server'

const executablePath = electronOrSkip()
const linux = process.platform === 'linux'
const noServer = linux ? missing() : undefined
if (noServer && process.env['ONAIR_REQUIRE_ELECTRON'])
  throw new Error(`ONAIR_REQUIRE_ELECTRON is set but no notification server can be started: ${noServer}`)
test.skip(noServer !== undefined, `a notification server for the app's D-Bus client: ${noServer}`)

let onair: Launched
let server: NotificationServer | undefined
// Made when the tests run, not when the file loads: a skipped file leaves nothing behind.
let busFolder: string | undefined

test.beforeAll(async () => {
  busFolder = linux ? scratchDir('onair-electron-bus-') : undefined
  server = busFolder ? await startNotificationServer(undefined, await startSessionBus(busFolder)) : undefined
  onair = await launchOnair(executablePath!, { settingsJson: '{ "ui": { "locale": ', env: server?.env ?? {} })
  await onair.app.firstWindow()
})
test.afterAll(async () => {
  await onair?.close()
  server?.close()
  if (busFolder) rmSync(busFolder, { recursive: true, force: true })
})

const mainLog = async () => {
  const folder = await onair.app.evaluate(({ app }) => app.getPath('logs'))
  return readFileSync(join(folder, 'main.log'), 'utf8')
}

test('a notification is shown, with what the OS answered', async () => {
  if (server) {
    // Its own bus has no keyring, so a notice about the secrets may come first: the one that counts
    // is the broken settings file's.
    const settingsNotice = () => server!.notifyCalls().find((c) => c.body.includes('settings.json'))
    await expect.poll(settingsNotice, { timeout: 15_000 }).toBeDefined()
    expect(settingsNotice()).toMatchObject({ appName: 'Onair', summary: 'Onair' })
    return
  }
  const notifications = () =>
    onair.app.evaluate(() =>
      globalThis.__onairSpy.notifications.map((n: { title: string; body: string; outcome: string }) => ({
        title: n.title,
        body: n.body,
        outcome: n.outcome
      }))
    )
  await expect.poll(async () => (await notifications()).length).toBeGreaterThan(0)
  const [first] = await notifications()
  expect(first).toMatchObject({ title: 'Onair', body: expect.stringContaining('settings.json') })
  await expect.poll(async () => (await notifications())[0]!.outcome, { timeout: 15_000 }).not.toBe('pending')
  const { outcome } = (await notifications())[0]!
  if (outcome.startsWith('failed')) expect(await mainLog()).toContain('was not shown')
  else expect(outcome).toBe('shown')
})

test('a notification the OS refuses is logged as failed', async () => {
  // On Linux Electron's Notification is only the fallback after the server's error reply, shown by
  // test/unit/linux/freedesktop-slow.test.ts; nothing here goes through it.
  test.skip(server !== undefined, "Linux notifications go through the app's D-Bus client")
  await onair.app.evaluate(() => {
    const [first] = globalThis.__onairSpy.notifications
    first.notification.emit('failed', {}, 'refused by the test')
  })
  await expect.poll(mainLog).toMatch(/notification ".+" was not shown: refused by the test/)
})
