import { readFileSync } from 'node:fs'
import ICAL from 'ical.js'
import { ManualClock } from '../support/manual-clock'
import type { AppServices } from '../../src/main/core/services'
import { startEmulator, type Emulator } from '../emulator'
import { emulatedAppServices, expect, expectNoSeriousA11yViolations, test } from './fixtures'
import { dataFile } from '../../src/main/core/store/data-files'

/**
 * The Calendar section over the app's own composition: "Export .ics" through the shell's save
 * dialog (recorded here), and "Subscribe in your calendar" served for real on 127.0.0.1, fetched
 * by the test as a calendar app would.
 */
const NOW = new ManualClock().now()
let emu: Emulator
let services: AppServices | undefined
const saved: { name: string; text: string }[] = []
const clipboard: string[] = []
let cancelSave = false

test.beforeEach(async () => {
  emu = await startEmulator({ port: 0, now: () => NOW })
  saved.length = 0
  clipboard.length = 0
  cancelSave = false
})
test.afterEach(async () => {
  await services?.stop()
  services = undefined
  await emu.close()
})

test.use({
  onairDepsFor: {
    build(parts) {
      const clock = new ManualClock(NOW)
      const opened = emulatedAppServices(emu, parts, clock)
      services = opened.services
      return {
        clock,
        account: opened.account,
        settings: services.settings,
        reminders: services.reminders,
        calendar: services.calendar,
        calendarShell: {
          copyText: (text) => void clipboard.push(text),
          saveFile: async (name, text) => {
            // The user closing the save dialog is the shell's null.
            if (cancelSave) return null
            saved.push({ name, text })
            return `/home/user/${name}`
          }
        }
      }
    }
  }
})

const uids = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => String(c.getFirstPropertyValue('uid')))

test('export, subscribe, copy the address and make a new one', async ({ onair, page }) => {
  await onair.open()
  await onair.core.account!.signInWithToken(emu.tokens.readWrite)
  await services!.start()
  const programs = services!.reminders.schedule().programs
  expect(programs.length).toBeGreaterThan(2)
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Calendar', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Export .ics' }).click()
  await expect(page.getByTestId('calendar-note')).toHaveText('Saved to /home/user/onair.ics.')
  expect(saved.map((s) => s.name)).toEqual(['onair.ics'])
  expect(uids(saved[0]!.text)).toEqual(programs.map((p) => `program-${p.id}@onair`))

  // Off by default: no address, nothing listening.
  await expect(page.getByLabel('Subscribe in your calendar')).not.toBeChecked()
  await expect(page.getByTestId('calendar-url')).toHaveCount(0)
  await page.getByLabel('Subscribe in your calendar').check()
  const field = page.getByTestId('calendar-url')
  await expect(field).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}\/onair\.ics$/)
  expect(JSON.parse(readFileSync(dataFile(onair.dataDir, 'settings'), 'utf8')).calendar.subscribe.enabled).toBe(true)
  const url = await field.inputValue()
  const feed = await fetch(url)
  expect(feed.status).toBe(200)
  expect(uids(await feed.text())).toEqual(programs.map((p) => `program-${p.id}@onair`))

  await page.getByRole('button', { name: 'Copy address' }).click()
  await expect(page.getByTestId('calendar-note')).toHaveText('Copied.')
  expect(clipboard).toEqual([url])

  await page.getByRole('button', { name: 'New address' }).click()
  await expect(page.getByTestId('calendar-note')).toContainText('New address made')
  await expect(field).not.toHaveValue(url)
  expect((await fetch(url)).status).toBe(404)
  expect((await fetch(await field.inputValue())).status).toBe(200)
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Subscribe in your calendar').uncheck()
  await expect(field).toHaveCount(0)
  await expect(fetch(url)).rejects.toThrow()
})

test('"Export .ics" in the schedule: the same export, only the works reminded of, the outcome on its message line', async ({
  onair,
  page
}) => {
  await onair.open()
  await onair.core.account!.signInWithToken(emu.tokens.readWrite)
  await services!.start()
  const programs = services!.reminders.schedule().programs
  const picked = programs[0]!.work.id
  const exportButton = page.getByRole('button', { name: 'Export .ics' })
  await expect(exportButton).toBeEnabled()

  // A cancelled save dialog says nothing and saves nothing.
  cancelSave = true
  await exportButton.click()
  await expect.poll(() => onair.calls.filter((call) => call.name === 'calendar:export').length).toBe(1)
  await expect(page.getByText('Saved to')).toHaveCount(0)
  expect(saved).toEqual([])

  cancelSave = false
  services!.settings.update((doc) => ({
    ...doc,
    reminders: { ...doc.reminders, mode: 'only-picked', pickedWorkIds: [picked] }
  }))
  await exportButton.click()
  await expect(page.getByText('Saved to /home/user/onair.ics.')).toBeVisible()
  expect(uids(saved[0]!.text)).toEqual(programs.filter((p) => p.work.id === picked).map((p) => `program-${p.id}@onair`))
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Language').selectOption('ja')
  await page.getByRole('navigation').getByRole('button', { name: '放送予定' }).click()
  await page.getByRole('button', { name: '.ics を書き出す' }).click()
  await expect(page.getByText('/home/user/onair.ics に保存しました。')).toBeVisible()
})
