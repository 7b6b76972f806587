import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Page } from '@playwright/test'

/** The fake origin the renderer is served from (`file://` breaks module scripts). */
export const ORIGIN = 'http://onair.test'
export const rendererDir = resolve(import.meta.dirname, '../../out/renderer')

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

/**
 * Serves the built renderer on ORIGIN and aborts every other request, so a test can never reach
 * the network and a stray request shows up as a failure. No CSP header is sent on purpose: the
 * packaged app loads `file://`, where only the meta tag applies, so that is what gets tested.
 */
export async function serveRenderer(page: Page): Promise<void> {
  const dir = rendererDir
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: run \`npm run build\` before the e2e tests`)
  }
  // Routes run in reverse registration order: the catch-all goes first so ORIGIN wins.
  await page.route('**/*', (route) => route.abort('blockedbyclient'))
  await page.route(`${ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url())
    const file = normalize(join(dir, pathname === '/' ? 'index.html' : pathname))
    const inside = file.startsWith(dir + sep)
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      await route.fulfill({ status: 404, body: 'not found' })
      return
    }
    await route.fulfill({
      status: 200,
      headers: { 'content-type': types[extname(file)] ?? 'application/octet-stream' },
      body: readFileSync(file)
    })
  })
}
