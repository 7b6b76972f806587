/**
 * The real app in the real Electron. The binary cannot be downloaded on the development and CI
 * machines, so this finds it without triggering the download and skips, saying why, when absent.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
import { appArgs } from '../../scripts/electron-app'
import type { PageGlobals } from '../e2e/page-globals'
import { electronOrSkip, root } from './electron'
import { scratchDir } from '../support/temp-dir'

const executablePath = electronOrSkip()

let app: ElectronApplication
let page: Page
// Made when the specs run: a skipped file leaves nothing behind.
let dataDir: string

test.beforeAll(async () => {
  dataDir = scratchDir('onair-electron-')
  app = await _electron.launch({
    ...(executablePath ? { executablePath } : {}),
    args: appArgs(root),
    cwd: root,
    env: { ...process.env, ONAIR_DATA_DIR: dataDir }
  })
  page = await app.firstWindow()
  await page.getByRole('heading', { level: 1 }).waitFor()
})

test.afterAll(async () => {
  await app?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('runs as Onair (package.json read), with its own version and data folder', async () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  const seen = await app.evaluate(({ app }) => ({
    name: app.getName(),
    version: app.getVersion(),
    userData: app.getPath('userData')
  }))
  expect(seen).toEqual({ name: 'Onair', version: pkg.version, userData: dataDir })
})

test('loads the renderer with the app info from main', async () => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onair')
  // The version shows on the first-start screens and with the settings.
  const settings = page.getByRole('navigation').getByRole('button', { name: 'Settings' })
  if (await settings.count()) await settings.click()
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  await expect(page.getByTestId('app-info')).toContainText(pkg.version)
})

// The article preview writes with Chromium's sanitizer (src/renderer/src/lib/sanitize.ts), which
// the e2e specs try in Debian's Chromium: this is the one the app ships.
test("the window's Chromium has the HTML Sanitizer API the article preview writes with", async () => {
  const written = await page.evaluate(() => {
    const g = globalThis as unknown as {
      Sanitizer: unknown
      document: { createElement(tag: string): { setHTML(html: string): void; innerHTML: string } }
    }
    const div = g.document.createElement('div')
    div.setHTML('<p>text</p><script>1</script><a href="javascript:1" onclick="1">link</a>')
    return { sanitizer: typeof g.Sanitizer, html: div.innerHTML }
  })
  expect(written).toEqual({ sanitizer: 'function', html: '<p>text</p><a>link</a>' })
})

test('exposes only window.api (invoke, on) and no Node', async () => {
  const surface = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals
    return {
      api: Object.keys(w.api).sort(),
      frozen: Object.isFrozen(w.api),
      require: typeof w['require'],
      process: typeof w['process'],
      module: typeof w['module']
    }
  })
  expect(surface).toEqual({
    api: ['invoke', 'on'],
    frozen: true,
    require: 'undefined',
    process: 'undefined',
    module: 'undefined'
  })
})

test('refuses commands outside the contract and bad input', async () => {
  const outcome = await page.evaluate(async () => {
    const { api } = globalThis as unknown as PageGlobals
    const invoke = api.invoke as (name: string, input?: unknown) => Promise<unknown>
    const results: unknown[] = []
    const attempts = [['shell:exec'], ['app:openExternal', { url: 'file:///etc/passwd' }]] as const
    for (const [name, input] of attempts) {
      results.push(
        await invoke(name, input).then(
          () => 'resolved',
          (e: unknown) => e
        )
      )
    }
    return results
  })
  expect(String(outcome[0])).toContain('Unknown command')
  expect(outcome[1]).toMatchObject({ code: 'invalid-input' })
})

test('blocks navigation to another origin and new windows', async () => {
  const before = page.url()
  await page.evaluate(() => {
    ;(globalThis as unknown as PageGlobals).location.href = 'https://example.com/'
  })
  await page.waitForTimeout(500)
  expect(page.url()).toBe(before)
  // Not an http(s) URL: those are handed to the system browser, which a test must not open.
  const opened = await page.evaluate(() => (globalThis as unknown as PageGlobals).open('file:///etc/hosts'))
  expect(opened).toBeNull()
  expect(app.windows()).toHaveLength(1)
})

test('hides to the tray instead of closing', async () => {
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close())
  const state = await app.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows().map((w) => ({ visible: w.isVisible(), destroyed: w.isDestroyed() }))
  )
  expect(state).toEqual([{ visible: false, destroyed: false }])
})
