import { startEmulator, type Emulator } from '../emulator/index'
import { emulatedAccount, expect, test } from './fixtures'

/**
 * Issue 25.4: the first screen runs one script; the views it does not show (onboarding, Settings,
 * an article's preview; src/renderer/src/lazy-views.ts) arrive in a second one, fetched under
 * the page's CSP when the first of them opens. A static import of one of them would bring it back
 * to the first screen without failing anything else.
 */
let emu: Emulator
test.beforeEach(async () => {
  emu = await startEmulator({ port: 0 })
})
test.afterEach(() => emu.close())
test.use({ onairDepsFor: { build: (parts) => emulatedAccount(emu, { configured: true }).build(parts) } })

test('a signed-in start loads only the first screen; Settings fetches the rest when opened', async ({
  onair,
  page
}) => {
  // Signed in through onboarding, which itself is one of the later views.
  await onair.open()
  await page.getByRole('button', { name: 'Paste an access token' }).click()
  await page.getByLabel('Access token').fill(emu.tokens.readWrite)
  await page.getByRole('button', { name: 'Sign in with the token' }).click()
  await page.getByRole('button', { name: 'Start using Onair' }).click()

  const scripts: string[] = []
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
  await onair.open()
  const settings = page.getByRole('navigation').getByRole('button', { name: 'Settings' })
  await expect(settings).toBeVisible()
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)])

  await settings.click()
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible()
  expect(scripts).toEqual([scripts[0], expect.stringMatching(/^\/assets\/later-[\w-]+\.js$/)])
})
