/**
 * Notifications reach the OS: one is shown (the OS answers `show`, or `failed` where it refuses,
 * e.g. an unsigned macOS build) and a refused one is logged as `failed` in main.log. The app has
 * something to say at once when a saved file does not read: its settings file is left broken.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { electronOrSkip } from './electron'
import { launchOnair, type Launched } from './launch'

const executablePath = electronOrSkip()
let onair: Launched

test.beforeAll(async () => {
  onair = await launchOnair(executablePath!, { settingsJson: '{ "ui": { "locale": ' })
  await onair.app.firstWindow()
})
test.afterAll(async () => onair?.close())

const mainLog = async () => {
  const folder = await onair.app.evaluate(({ app }) => app.getPath('logs'))
  return readFileSync(join(folder, 'main.log'), 'utf8')
}

test('a notification is shown, with what the OS answered', async () => {
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
  await onair.app.evaluate(() => {
    const [first] = globalThis.__onairSpy.notifications
    first.notification.emit('failed', {}, 'refused by the test')
  })
  await expect.poll(mainLog).toMatch(/notification ".+" was not shown: refused by the test/)
})
