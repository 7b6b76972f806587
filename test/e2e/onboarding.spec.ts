import { startEmulator, type Emulator } from '../emulator/index'
import { emulatedAccount, expect, expectNoSeriousA11yViolations, test, type OnairHarness } from './fixtures'

/** The URL the core asked the system browser to open (the test plays the browser). */
async function browserUrl(onair: OnairHarness): Promise<string> {
  await expect.poll(() => onair.opened.length).toBe(1)
  return onair.opened[0]!
}

test.describe('onboarding against an auto-approving service', () => {
  let emu: Emulator
  test.beforeAll(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
  })
  test.afterAll(() => emu.close())
  test.use({ onairDepsFor: { build: (parts) => emulatedAccount(emu).build(parts) } })

  test('welcome → services → browser sign-in → done → the app', async ({ onair, page }) => {
    await onair.open()
    await expect(page.getByRole('heading', { name: 'Welcome to Onair' })).toBeVisible()
    await expect(page.getByRole('navigation')).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Get started' }).click()

    const heading = page.getByRole('heading', { name: 'Service addresses and client credentials' })
    await expect(heading).toBeFocused()
    await expect(page.getByText('http://127.0.0.1/callback', { exact: true })).toBeVisible()
    await expect(page.getByText('urn:ietf:wg:oauth:2.0:oob', { exact: true })).toBeVisible()
    await page.getByLabel('Media-tracking service address').fill(emu.baseUrl)
    await page.getByLabel('Wiki address (optional)').fill(emu.baseUrl)
    await page.getByLabel('Client ID').fill(emu.client.id)
    await page.getByLabel('Client secret').fill(emu.client.secret)
    await expectNoSeriousA11yViolations(page)
    // Keyboard only: Enter in the last field submits the form.
    await page.getByLabel('Client secret').press('Enter')

    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Sign in with the browser' }).click()
    await expect(page.getByText('Waiting for the browser')).toBeVisible()

    // Auto-approve redirects the "browser" straight to Onair's loopback callback.
    const callback = await fetch(await browserUrl(onair))
    expect(await callback.text()).toContain('Signed in to Onair')

    await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeFocused()
    await expect(page.getByTestId('signed-in-user')).toHaveText('Signed in as user #1')
    await expect(page.getByText('Permissions: read, write')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Start using Onair' }).click()
    await expect(page.getByRole('heading', { name: 'Upcoming episodes' })).toBeVisible()
  })
})

test.describe("onboarding of a build that carries the service's client", () => {
  let emu: Emulator
  test.beforeAll(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
  })
  test.afterAll(() => emu.close())
  test.use({ onairDepsFor: { build: (parts) => emulatedAccount(emu, { buildClient: true }).build(parts) } })

  test('choose the language, press Sign in, approve: no registration screens, no client shown', async ({
    onair,
    page
  }) => {
    await onair.open()
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible()
    await expect(page.getByText('Step 1 of 2')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0)
    await page.getByLabel('Language').selectOption('ja')
    await expect(page.getByRole('heading', { name: 'サインイン', exact: true })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'ブラウザでサインイン' }).click()

    const callback = await fetch(await browserUrl(onair))
    expect(callback.status).toBe(200)
    await expect(page.getByText('ステップ 2 / 2')).toBeVisible()
    await expect(page.getByTestId('signed-in-user')).toBeVisible()
    const shown = (await page.content()) + JSON.stringify(await onair.handlers['auth:status'](undefined))
    expect(shown).not.toContain(emu.client.secret)
    expect(shown).not.toContain(emu.client.id)
  })
})

test.describe('onboarding of a configured app', () => {
  let emu: Emulator
  test.beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  test.afterAll(() => emu.close())
  test.use({ onairDepsFor: { build: (parts) => emulatedAccount(emu, { configured: true }).build(parts) } })

  test('pasting a read-only token warns and offers to sign in again with write access', async ({ onair, page }) => {
    await onair.open()
    await page.getByRole('button', { name: 'Paste an access token' }).click()
    await page.getByLabel('Access token').fill('not-a-token')
    await page.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect(page.getByRole('alert')).toContainText('does not accept this access token')

    await page.getByLabel('Access token').fill(emu.tokens.read)
    await page.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect(page.getByTestId('signed-in-user')).toHaveText('Signed in as user #1')
    await expect(page.getByRole('note')).toContainText('Onair was allowed to read only')
    await page.getByRole('button', { name: 'Sign in again with write access' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeFocused()
    // Already signed in: the way back to the app stays open.
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('heading', { name: 'Upcoming episodes' })).toBeVisible()
    expect(JSON.stringify(onair.calls)).toContain('auth:pasteToken')
  })

  test('a sign-in denied in the browser shows why, in both languages', async ({ onair, page, context }) => {
    await onair.open()
    await page.getByRole('button', { name: 'Sign in with the browser' }).click()
    const browser = await context.newPage()
    await browser.goto(await browserUrl(onair))
    await browser.getByRole('button', { name: /Deny/ }).click()
    await expect(browser.getByRole('heading', { name: 'Sign-in cancelled' })).toBeVisible()

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Sign-in was cancelled in the browser')
    await expect(alert).toHaveAttribute('data-code', 'denied')
    // The error is kept as {en, ja}: switching language re-renders it, no new request needed.
    await page.getByLabel('Language').selectOption('ja')
    await expect(alert).toContainText('ブラウザでアクセスが許可されなかったため')
    await expect(page.getByRole('heading', { name: 'サインイン', exact: true })).toBeVisible()
  })
})
