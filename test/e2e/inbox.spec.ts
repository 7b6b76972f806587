import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import { createImageLoader } from '../../src/main/core/images/loader'
import { createInbox } from '../../src/main/core/inbox/inbox'
import { emptyInbox } from '../../src/main/core/inbox/store'
import { memoryStore } from '../../src/main/core/store/document'
import { memoryNotifier } from '../../src/main/core/notify'
import { createWikiClient, type WikiClient } from '../../src/main/core/wiki/client'
import type { Article } from '../../src/main/core/wiki/schemas'
import { startEmulator, type Emulator } from '../emulator'
import { startStranger, type Stranger } from '../stranger/server'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

const NOW = new ManualClock().now()
const HOSTILE_ID = '20250101000000'

/** Known XSS payloads; each would set `window.__xss` if any of it ran. */
const XSS = [
  // First: the mutation payloads below may swallow what follows them, which is fine but hides it.
  '<p>Safe <strong>text</strong> with <a href="https://example.org/ok">a good link</a> and <img src="https://images.example/ok.png" alt="ok image"></p>',
  // Dressed as the window's own error banner and button, announced as an alert.
  '<div class="banner error" id="app" role="alert" aria-live="assertive" data-testid="error">Signed out. <span class="primary" role="button">Sign in again</span></div>',
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3"><circle r="1"/></svg>',
  '<a href="javascript:window.__xss=4">js link</a>',
  '<a href=" JaVaScRiPt:window.__xss=4">spaced js link</a>',
  '<iframe src="https://evil.example/" srcdoc="<script>parent.__xss=5</script>"></iframe>',
  '<div style="background:url(javascript:window.__xss=6);width:expression(window.__xss=6)">styled</div>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="data:text/html,<script>window.__xss=7</script>">data link</a>',
  '<form action="https://evil.example/steal"><input name="q"><button>Go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=8">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=9>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=10>',
  '<object data="javascript:window.__xss=11"></object><embed src="javascript:window.__xss=12">',
  '<details open ontoggle="window.__xss=13">d</details>',
  '<img src="http://tracker.example/pixel.png" alt="plain http">'
].join('\n')

let emu: Emulator
/** Stands in for every image host: the wiki's (`*.wiki.example`) and anyone else's. */
let stranger: Stranger
test.beforeAll(async () => {
  emu = await startEmulator({ port: 0, now: () => NOW })
  stranger = await startStranger()
})
test.afterAll(async () => {
  emu.close()
  await stranger.close()
})

function wikiWithHostileArticle(): WikiClient {
  const real = createWikiClient({ baseUrl: emu.baseUrl, token: () => emu.tokens.wiki, timeoutMs: 2000 })
  const hostile: Article = {
    id: 900,
    title: 'Hostile <b>article</b>',
    body: 'source',
    rendered_body: XSS,
    tags: [{ name: 'anime' }, { name: 'xss' }],
    user: { id: 2, name: 'hikari', image_url: 'https://avatars.wiki.example/u/2.png' },
    community: { id: 1, name: 'Anime Club' },
    created_at: '2025-01-01T00:00:00+09:00',
    updated_at: '2025-01-02T00:00:00+09:00'
  }
  return { ...real, getArticle: async (user, id) => (id === HOSTILE_ID ? hostile : real.getArticle(user, id)) }
}

test.use({
  onairDeps: async ({}, use) => {
    const inbox = createInbox({
      wiki: wikiWithHostileArticle,
      store: memoryStore(emptyInbox()),
      clock: new ManualClock(NOW),
      notifier: memoryNotifier(),
      notify: () => true,
      language: () => 'en',
      images: createImageLoader({
        clock: new ManualClock(NOW),
        wikiUrl: () => 'https://wiki.example',
        wikiImages: () => false,
        net: stranger.net
      })
    })
    await use({ inbox })
  }
})

async function openInbox(page: Page, open: () => Promise<void>): Promise<void> {
  await open()
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /^Inbox/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Wiki inbox' })).toBeVisible()
  await expect(page.locator('li[data-key]').first()).toBeVisible()
}

test('lists every type as text, opens links through the core, marks all seen, passes axe', async ({ onair, page }) => {
  await openInbox(page, onair.open)
  await expect(page.getByText('Updated now')).toBeVisible()
  const hostile = page.locator('li[data-key="n:3"]')
  await expect(hostile.locator('.title')).toHaveText('mei-k reacted to your comment <img src=x onerror=alert(1)>')
  await expect(hostile.locator('.title img')).toHaveCount(0)
  await expect(page.locator('li[data-key="n:2"] .title')).toHaveText(
    'sora_dev commented on <b>今期アニメ視聴ガイド</b>'
  )
  await expect(page.locator('li[data-key]')).toHaveCount(12)
  await expect(page.locator('li[data-key="n:1"] .type')).toContainText('Mentioned in a comment')
  await expect(page.locator('li[data-key="n:12"] .type')).toContainText('Mentioned on a page')
  await expect(page.locator('li[data-key="n:1"] time')).toHaveText('5 minutes ago')
  await expect(page.getByRole('button', { name: /^Inbox \d+$/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const mention = page.locator('li[data-key="n:4"] a.title')
  const url = await mention.getAttribute('href')
  await mention.click()
  await expect.poll(() => onair.opened).toEqual([url])
  expect(onair.calls).toContainEqual({ name: 'app:openExternal', input: { url } })

  await page.getByRole('checkbox', { name: 'Unread only' }).check()
  const unreadCount = await page.locator('li[data-key]').count()
  expect(unreadCount).toBeGreaterThan(0)
  expect(unreadCount).toBeLessThan(12)
  await page.getByRole('button', { name: 'Mark all seen' }).click()
  await expect(page.getByText('All caught up: no unread notifications.')).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Inbox', exact: true })).toBeVisible()
})

test('shows the saved list with its age when the wiki cannot be reached', async ({ onair, page }) => {
  await openInbox(page, onair.open)
  emu.faults.inject({ path: '/api/v1/notifications', kind: 'reset', times: 8 })
  try {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Offline — showing the list from now.' })).toBeVisible()
    await expect(page.locator('li[data-key]')).toHaveCount(12)
  } finally {
    emu.faults.clear()
  }
})

test('the article preview shows the article and sanitizes its body against known XSS payloads', async ({
  onair,
  page
}) => {
  await page.addInitScript(() => Object.defineProperty(globalThis, '__xss', { value: 0, writable: true }))
  emu.wiki.addNotification({
    type: 'ArticleMentionNotification',
    title: 'hostile article',
    url: `https://anime-club.wiki.example/hikari/items/${HOSTILE_ID}`
  })
  await openInbox(page, onair.open)
  await page.locator('li', { hasText: 'hostile article' }).getByRole('button', { name: 'Preview article' }).click()
  // The preview starts at its heading, so keyboard and screen-reader users begin at the top of it.
  await expect(page.getByRole('heading', { name: 'Hostile <b>article</b>' })).toBeFocused()
  await expect(page.getByText('xss', { exact: true })).toBeVisible()
  await expect(page.getByText('hikari · Anime Club')).toBeVisible()

  const body = page.getByTestId('article-body')
  await expect(body.getByRole('link', { name: 'a good link' })).toBeVisible()
  // Its text stays, as the article's text: no alert, no button, not the banner's colours.
  await expect(body.getByText('Signed out. Sign in again')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(body.getByRole('button')).toHaveCount(0)
  const html = await body.innerHTML()
  for (const banned of [
    /<script/i,
    /<iframe/i,
    /<form/i,
    /<input/i,
    /<meta/i,
    /<object/i,
    /<embed/i,
    /<svg/i,
    /<math/i,
    /<style/i,
    /\son\w+=/i,
    /javascript:/i,
    /data:/i,
    /style=/i,
    /\s(class|id|role|aria-[\w-]+|data-(?!src=)[\w-]+)=/i,
    /http:\/\/tracker/
  ]) {
    expect(html).not.toMatch(banned)
  }
  // Images wait as placeholders (no src at all) naming their host.
  expect(html).not.toMatch(/\ssrc=/)
  await expect(body.locator('img')).toHaveCount(1)
  await expect(body.getByRole('img', { name: 'ok image · images.example' })).toHaveAttribute(
    'data-src',
    'https://images.example/ok.png'
  )
  expect(await page.evaluate(() => (globalThis as unknown as Record<string, unknown>)['__xss'])).toBe(0)

  await body.getByRole('link', { name: 'a good link' }).click()
  await expect.poll(() => onair.opened).toEqual(['https://example.org/ok'])
  // Its javascript: href is gone, so it is no longer a link; clicking its text does nothing.
  await body.getByText('js link', { exact: true }).click()
  expect(onair.opened).toEqual(['https://example.org/ok'])
  await expect(page).toHaveURL(/^http:\/\/onair\.test\/$/)
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Back to the inbox' }).click()
  await expect(page.locator('li[data-key]').first()).toBeVisible()
})

// Last: the notification it adds would change the other tests' counts.
test("shows sender avatars from the wiki's own host, fetched by the core; none from anyone else", async ({
  onair,
  page
}) => {
  const meta = (key: string) => page.locator(`li[data-key="${key}"] .meta`)
  emu.wiki.addNotification({
    title: 'from a stranger',
    sender: {
      id: 9,
      name: 'stranger',
      image_url: 'https://stranger.example/u/9.png',
      created_at: '2025-01-01T00:00:00+09:00'
    }
  })
  await openInbox(page, onair.open)
  await expect(meta('n:1').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/)
  const stranger9 = page.locator('li', { hasText: 'from a stranger' }).locator('.meta')
  await expect(stranger9).toContainText('stranger')
  await expect(stranger9.locator('img')).toHaveCount(0)
  expect(stranger.seen.filter((s) => !s.startsWith('avatars.wiki.example/'))).toEqual([])
})
