import { emptySchedule } from '../../src/main/core/programs/schedule-file'
import { accountsHolding, saveDocumentBody } from '../support/saved-documents'
import type { Page } from '@playwright/test'
import { startEmulator, type Emulator } from '../emulator/index'
import { emulatedAccount, expect, expectNoSeriousA11yViolations, test, type OnairHarness } from './fixtures'

let emu: Emulator
// One emulator per test: signing out revokes the seeded token for good.
test.beforeEach(async () => {
  emu = await startEmulator({ port: 0 })
})
test.afterEach(() => emu.close())

/** Signs in through the UI: the core's events reach the page only once it is open. */
async function openSignedIn(onair: OnairHarness, page: Page): Promise<void> {
  await onair.open()
  await page.getByRole('button', { name: 'Paste an access token' }).click()
  await page.getByLabel('Access token').fill(emu.tokens.readWrite)
  await page.getByRole('button', { name: 'Sign in with the token' }).click()
  await page.getByRole('button', { name: 'Start using Onair' }).click()
  await page.getByRole('button', { name: 'Settings' }).click()
}

test.describe('Accounts settings', () => {
  test.use({ onairDepsFor: { build: (parts) => emulatedAccount(emu, { configured: true }).build(parts) } })

  test('shows the account, verifies the wiki token before saving it, remembers the language', async ({
    onair,
    page
  }) => {
    await openSignedIn(onair, page)
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible()
    await expect(page.getByTestId('account-user')).toHaveText('Signed in as user #1')
    await expect(page.getByText('Encrypted with')).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)

    const field = page.getByLabel('Wiki personal access token')
    await field.fill('wrong-token')
    await page.getByRole('button', { name: 'Verify and save' }).click()
    await expect(page.getByRole('alert')).toContainText('rejected this personal access token')
    expect(onair.core.account!.wikiStatus().hasToken).toBe(false)

    await field.fill(emu.tokens.wiki)
    await field.press('Enter')
    await expect(page.getByText('The wiki token was verified and saved.')).toBeVisible()
    await expect(page.getByText('A token is saved.')).toBeVisible()
    await expect(field).toHaveValue('')

    await page.getByLabel('Language').selectOption('ja')
    await expect(page.getByRole('heading', { name: 'アカウント' })).toBeVisible()
    await expect.poll(() => onair.core.settings!.read().ui.locale).toBe('ja')
    await expectNoSeriousA11yViolations(page)
    await page.reload()
    await expect(page.getByRole('button', { name: '設定' })).toBeVisible()
  })

  test('sign-out asks first, keeps queued records unless discarded, and returns to sign-in', async ({
    onair,
    page
  }) => {
    await openSignedIn(onair, page)
    // An outbox the core can read (an unreadable one is set aside the first time the reminders
    // look for watched records in it, and the test is about sign-out keeping it).
    saveDocumentBody(onair.dataDir, 'schedule', JSON.stringify(emptySchedule()))
    saveDocumentBody(onair.dataDir, 'outbox', JSON.stringify({ version: 1, entries: [], recent: [] }))
    const [user] = accountsHolding(onair.dataDir, 'outbox')
    expect(accountsHolding(onair.dataDir, 'schedule')).toEqual([user])
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByText('Sign out? Onair revokes its token')).toBeVisible()
    await page.getByRole('button', { name: 'Stay signed in' }).click()
    await expect(page.getByTestId('account-user')).toBeVisible()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('group').getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible()
    // The user's schedule goes; the outbox waits for their next sign-in.
    expect(accountsHolding(onair.dataDir, 'schedule')).toEqual([])
    expect(accountsHolding(onair.dataDir, 'outbox')).toEqual([user])
    expect(onair.core.settings!.read().services.clientId).toBe(emu.client.id)
  })

  test('a token the service stops accepting signs the app out once, saying why', async ({ onair, page }) => {
    await openSignedIn(onair, page)
    await fetch(`${emu.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: emu.tokens.readWrite,
        client_id: emu.client.id,
        client_secret: emu.client.secret
      })
    }).then((r) => r.arrayBuffer())
    const account = onair.core.account!
    await account.monitor.guard(() => account.media().listWorks()).catch(() => undefined)
    await expect(page.getByRole('status')).not.toBeEmpty()
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible()
  })
})

test.describe('where secrets cannot be encrypted', () => {
  test.use({
    onairDepsFor: { build: (parts) => emulatedAccount(emu, { configured: true, encrypted: false }).build(parts) }
  })

  test('nothing secret is stored before the user agrees, and the answer is remembered', async ({ onair, page }) => {
    await onair.open()
    await expect(page.getByText('Kept in memory only')).toBeVisible()
    await page.getByRole('button', { name: 'Paste an access token' }).click()
    await page.getByLabel('Access token').fill(emu.tokens.readWrite)
    await page.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect(page.getByRole('alert')).toContainText('cannot encrypt saved secrets')
    await expect(page.getByRole('alert')).toHaveAttribute('data-code', 'needs-consent')
    expect(onair.core.account!.session()?.info()).toBeNull()
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('Store secrets unencrypted on this computer').check()
    await page.getByRole('button', { name: 'Sign in with the token' }).click()
    await page.getByRole('button', { name: 'Start using Onair' }).click()
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByLabel('Wiki personal access token').fill(emu.tokens.wiki)
    await page.getByRole('button', { name: 'Verify and save' }).click()
    await expect(page.getByText('The wiki token was verified and saved.')).toBeVisible()
  })
})
