import { expect, expectNoSeriousA11yViolations, test } from './fixtures'
import type { PageGlobals } from './page-globals'
import { isCommandName } from '../../src/shared/contract'

test('opens, shows the app info from the core, and switches to Japanese', async ({ onair, page }) => {
  await onair.open()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onair')
  // Version and platform sit with the settings, out of the way of the lists.
  await expect(page.getByTestId('app-info')).toHaveCount(0)
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByTestId('app-info')).toHaveText('Onair · Version 0.1.0-e2e · linux · en-US')
  // At start the app also asks for the account and the saved settings,
  // and the first view loads its data; every call is one the contract knows.
  const startup = onair.calls.map((c) => c.name)
  expect(startup).toEqual(expect.arrayContaining(['app:info', 'auth:status', 'settings:get', 'schedule:get']))
  expect(startup.every((name) => isCommandName(name))).toBe(true)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expectNoSeriousA11yViolations(page)

  await expect(page.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
  await page.getByLabel('Language').selectOption('ja')

  await expect(page.getByRole('heading', { name: '設定' })).toBeVisible()
  await expect(page.getByRole('button', { name: '放送予定' })).toBeVisible()
  await expect(page.getByTestId('app-info')).toHaveText('Onair · バージョン 0.1.0-e2e · linux · en-US')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await expectNoSeriousA11yViolations(page)
})

test('has no serious accessibility violations in dark mode', async ({ onair, page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await onair.open()
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByTestId('app-info')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test.describe('with a Japanese system locale', () => {
  test.use({ onairDeps: { locale: () => 'ja-JP' } })

  test('starts in Japanese', async ({ onair, page }) => {
    await onair.open()
    await expect(page.getByRole('heading', { name: 'これからの放送' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  })
})

test('shows a notice pushed by the main process, in the current language', async ({ onair, page }) => {
  await onair.open()
  await onair.push('app:notice', {
    level: 'warning',
    message: { en: 'Offline: showing the cached schedule.', ja: 'オフライン：保存済みの予定を表示しています。' }
  })
  const status = page.getByRole('status')
  await expect(status).toContainText('Offline: showing the cached schedule.')
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Language').selectOption('ja')
  await expect(status).toContainText('オフライン：保存済みの予定を表示しています。')
  await status.getByRole('button', { name: '閉じる' }).click()
  await expect(status).toBeEmpty()
})

test.describe('when the core answers with an error', () => {
  // An empty version breaks the output schema: dispatch must turn it into a UserError.
  test.use({ onairDeps: { version: '' } })

  test('shows the UserError instead of crashing', async ({ onair, page }) => {
    await onair.open()
    await expect(page.getByRole('alert')).toContainText('Something went wrong inside Onair')
  })
})

test('window.api is frozen and limited to the contract', async ({ onair, page }) => {
  await onair.open()
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByTestId('app-info')).toBeVisible()
  const callsBefore = onair.calls.length
  const result = await page.evaluate(async () => {
    const { api } = globalThis as unknown as PageGlobals
    const errors: string[] = []
    for (const attempt of [
      () => (api.invoke as (n: string) => Promise<unknown>)('shell:exec'),
      () => Promise.resolve((api.on as (n: string, cb: () => void) => unknown)('ipc:any', () => {}))
    ]) {
      try {
        await attempt()
      } catch (err) {
        errors.push(String(err))
      }
    }
    return { keys: Object.keys(api).sort(), frozen: Object.isFrozen(api), errors }
  })
  expect(result).toEqual({
    keys: ['invoke', 'on'],
    frozen: true,
    errors: ['Error: Unknown command: shell:exec', 'Error: Unknown event: ipc:any']
  })
  // Rejected in the page, so nothing reached the core.
  expect(onair.calls.slice(callsBefore).map((c) => c.name)).not.toContain('shell:exec')
  expect(onair.calls.map((c) => c.name)).not.toContain('ipc:any')
})

test('the CSP meta tag blocks injected inline script and eval', async ({ onair, page }) => {
  await page.addInitScript(() => {
    const { document } = globalThis as unknown as PageGlobals
    const seen: string[] = []
    Object.defineProperty(globalThis, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective))
  })
  await onair.open()
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByTestId('app-info')).toBeVisible()
  const violationsWhileLoading = await page.evaluate(() => [
    ...((globalThis as unknown as PageGlobals)['__cspViolations'] as string[])
  ])
  // The app itself needs no inline script or style (Svelte styles are emitted as a file).
  expect(violationsWhileLoading).toEqual([])

  const outcome = await page.evaluate(async () => {
    const w = globalThis as unknown as PageGlobals
    const { document } = w
    const script = document.createElement('script')
    script.textContent = 'window.__pwnedByScript = true'
    document.body.append(script)
    const holder = document.createElement('div')
    holder.innerHTML = '<img src="data:," onerror="window.__pwnedByHandler = true">'
    document.body.append(holder)
    // DevTools lifts the eval check while its own evaluation runs, so try eval a tick later, as
    // page code would.
    const evalBlocked = await new Promise<boolean>((done) =>
      setTimeout(() => {
        try {
          ;(0, eval)('window.__pwnedByEval = true')
          done(false)
        } catch {
          done(true)
        }
      })
    )
    await new Promise((r) => setTimeout(r, 100))
    return {
      script: w['__pwnedByScript'] === true,
      handler: w['__pwnedByHandler'] === true,
      eval: w['__pwnedByEval'] === true,
      evalBlocked,
      violations: [...(w['__cspViolations'] as string[])]
    }
  })
  expect(outcome).toMatchObject({ script: false, handler: false, eval: false, evalBlocked: true })
  expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr', 'script-src']))
})
