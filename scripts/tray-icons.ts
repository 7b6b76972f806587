/**
 * Draws the tray icons, one per tray state (see core/schedule/tray-state.ts), as 32×32 PNGs in
 * build/ (the shell scales them to 16 px where the platform wants that). Run it after changing the
 * drawing: `npx tsx scripts/tray-icons.ts`. Rendering goes through Debian's Chromium, the same one
 * the renderer tests use, so no image tool is needed.
 */
import { writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

// Onair's mark (a broadcast target); the state changes its colour and adds a badge.
const STATES: Record<string, { ring: string; badge?: string }> = {
  idle: { ring: '#5a2dc8' },
  soon: { ring: '#5a2dc8', badge: '#f59e0b' },
  offline: { ring: '#8a8a96' },
  error: { ring: '#5a2dc8', badge: '#dc2626' },
  'signed-out': { ring: '#8a8a96', badge: '#8a8a96' }
}

function svg({ ring, badge }: { ring: string; badge?: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
  <circle cx="16" cy="16" r="14" fill="${ring}"/>
  <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.6"/>
  <circle cx="16" cy="16" r="3.6" fill="#fff"/>
  ${badge ? `<circle cx="25" cy="7" r="6" fill="${badge}" stroke="#fff" stroke-width="1.6"/>` : ''}
</svg>`
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run'
  ]
})
const page = await browser.newPage({ viewport: { width: 32, height: 32 } })
for (const [state, colours] of Object.entries(STATES)) {
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(colours)}</body></html>`)
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 32, height: 32 } })
  writeFileSync(`build/tray-${state}.png`, png)
  console.log(`build/tray-${state}.png`)
}
await browser.close()
