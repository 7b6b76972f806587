/**
 * Draws the tray icons, one per tray state (see core/tray/tray-state.ts), into
 * resources/tray/: `<state>.png` (16 px) and `<state>@2x.png` (32 px) in colour for Windows and
 * Linux, and `<state>Template.png` (+ @2x), black and alpha only, for the macOS menu bar (which
 * tints template images for light and dark bars). Each state also comes as `<state>-unread`, with
 * a dot at the bottom right for an unread inbox, and Windows' taskbar gets `overlay-<n>.png`, the
 * count 1 to 9 or 9+ (core/inbox/unread-badge.ts decides which shows). The names matter: nativeImage finds the @2x
 * sibling and macOS the Template suffix by name, which is why these are resources and not bundled.
 * Also copies the app icon for notifications and the Linux window. Run it after changing the
 * drawing: `npx tsx scripts/tray-icons.ts`. Rendering goes through Debian's Chromium, the same one
 * the renderer tests use, so no image tool is needed.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import playwrightConfig from '../playwright.config'

import { OVERLAY_MARKS } from '../src/main/core/inbox/unread-badge'

type Badge = 'soon' | 'error' | 'signed-out'
// Onair's mark (a broadcast target); the state changes its colour and adds a badge.
const STATES: Record<string, { ring: string; dim?: boolean; badge?: Badge }> = {
  idle: { ring: '#5a2dc8' },
  soon: { ring: '#5a2dc8', badge: 'soon' },
  offline: { ring: '#8a8a96', dim: true },
  error: { ring: '#5a2dc8', badge: 'error' },
  'signed-out': { ring: '#8a8a96', dim: true, badge: 'signed-out' }
}
const BADGE_COLOUR: Record<Badge, string> = { soon: '#f59e0b', error: '#dc2626', 'signed-out': '#8a8a96' }
/** Blue, so an unread dot is never taken for the error badge's red or the soon badge's amber. */
const UNREAD_COLOUR = '#0284c7'
type Look = (typeof STATES)[string] & { unread?: boolean }

const frame = (size: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${body}</svg>`

function colour(size: number, { ring, badge, unread }: Look): string {
  return frame(
    size,
    `<circle cx="16" cy="16" r="14" fill="${ring}"/>
  <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.6"/>
  <circle cx="16" cy="16" r="3.6" fill="#fff"/>
  ${badge ? `<circle cx="25" cy="7" r="6" fill="${BADGE_COLOUR[badge]}" stroke="#fff" stroke-width="1.6"/>` : ''}
  ${unread ? `<circle cx="25" cy="25" r="6" fill="${UNREAD_COLOUR}" stroke="#fff" stroke-width="1.6"/>` : ''}`
  )
}

/**
 * Shapes instead of colours: soon = a dot, error = a dot with a bar cut out, signed out = a ring
 * (all top right); unread = a dot at the bottom right.
 */
function template(size: number, { dim, badge, unread }: Look): string {
  const badgeShape =
    badge === 'signed-out'
      ? '<circle cx="25" cy="7" r="4.5" fill="none" stroke="#000" stroke-width="2"/>'
      : badge
        ? `<circle cx="25" cy="7" r="6" fill="#000" mask="url(#m)"/>`
        : ''
  return frame(
    size,
    `<defs><mask id="m"><rect width="32" height="32" fill="#fff"/>${badge === 'error' ? '<rect x="24" y="3" width="2.2" height="8" fill="#000"/>' : ''}</mask>
  <mask id="cut"><rect width="32" height="32" fill="#fff"/>${badge ? '<circle cx="25" cy="7" r="8" fill="#000"/>' : ''}${unread ? '<circle cx="25" cy="25" r="8" fill="#000"/>' : ''}</mask></defs>
  <g mask="url(#cut)" opacity="${dim ? 0.5 : 1}">
    <circle cx="16" cy="16" r="13" fill="none" stroke="#000" stroke-width="2.6"/>
    <circle cx="16" cy="16" r="7.5" fill="none" stroke="#000" stroke-width="2.6"/>
    <circle cx="16" cy="16" r="3" fill="#000"/>
  </g>
  ${badgeShape}
  ${unread ? '<circle cx="25" cy="25" r="6" fill="#000"/>' : ''}`
  )
}

/** Windows' taskbar overlay (16 px at 1x): light digits on the dark disc Windows' own badges use. */
function overlay(size: number, mark: string): string {
  const fontSize = mark.length > 1 ? 17 : 22
  return frame(
    size,
    `<circle cx="16" cy="16" r="16" fill="#26252d"/>
  <text x="16" y="16" dy="0.36em" text-anchor="middle" font-family="Segoe UI, DejaVu Sans, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${mark}</text>`
  )
}

const browser = await chromium.launch(playwrightConfig.use?.launchOptions)
mkdirSync('resources/tray', { recursive: true })
const page = await browser.newPage({ viewport: { width: 32, height: 32 } })
/** `<name>.png` at 16 px and `<name>@2x.png` at 32 px. */
async function draw(name: string, svg: (size: number) => string): Promise<void> {
  for (const scale of [1, 2]) {
    const size = 16 * scale
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size)}</body></html>`)
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    const file = `resources/tray/${name}${scale === 2 ? '@2x' : ''}.png`
    writeFileSync(file, png)
    console.log(file)
  }
}
for (const [state, look] of Object.entries(STATES)) {
  for (const unread of [false, true]) {
    const name = `${state}${unread ? '-unread' : ''}`
    await draw(name, (size) => colour(size, { ...look, unread }))
    await draw(`${name}Template`, (size) => template(size, { ...look, unread }))
  }
}
for (const mark of OVERLAY_MARKS) await draw(`overlay-${mark}`, (size) => overlay(size, mark))
await browser.close()
copyFileSync('build/icon.png', 'resources/icon.png')
console.log('resources/icon.png')
