import { startEmulator, type Emulator } from '../emulator'
import { settingsFileStore } from '../../src/main/core/store/settings'
import { startStranger, type Stranger } from '../stranger/server'
import { expect, test } from './fixtures'
import { addArticleNotification, openPreview, pageReachesStranger, previewInbox } from './preview-deps'

/**
 * An article preview sends nothing to a stranger's server until the user presses
 * "Load images", and then only the article's own images, fetched by the core. Every way an
 * article could make the window (or the core) ask a server for something is tried at once; the
 * stranger's server stands in for every host and counts what reaches it.
 */
const S = 'https://stranger.example'
const VECTORS = [
  `<p>Plain <img src="${S}/img/plain.png" alt="plain"> and a pixel <img src="${S}/img/pixel.png" width="1" height="1"></p>`,
  `<img srcset="${S}/img/srcset-1x.png 1x, ${S}/img/srcset-2x.png 2x" alt="srcset only">`,
  `<img src="${S}/img/both.png" srcset="${S}/img/both-2x.png 2x" alt="src and srcset">`,
  `<img srcset="${S}/img/srcset-w.png 100w" sizes="50vw" alt="width descriptor">`,
  `<div style="background: url(${S}/img/bg.png)">background</div>`,
  `<div style="background-image:url('${S}/img/bg-quoted.png')">quoted background</div>`,
  `<div style="background:url(&quot;${S}/img/bg-entity.png&quot;)">entity background</div>`,
  `<ul style="list-style-image: url(${S}/img/list-style.png)"><li>item</li></ul>`,
  `<div style="background:url(https\\:\\/\\/stranger.example/img/css-escaped.png)">escaped</div>`,
  `<svg><image href="${S}/img/svg-image.png"/></svg>`,
  `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="${S}/img/svg-xlink.png"/></svg>`,
  `<svg><filter id="f"><feImage href="${S}/img/fe-image.png"/></filter></svg>`,
  `<svg><use href="${S}/sprite.svg#icon"/></svg>`,
  `<picture><source srcset="${S}/img/picture-source.png"><img src="${S}/img/picture-img.png" alt="picture"></picture>`,
  `<video poster="${S}/img/poster.png" src="${S}/video.mp4"><source src="${S}/video-source.mp4"><track src="${S}/track.vtt"></video>`,
  `<audio src="${S}/audio.mp3"></audio>`,
  `<link rel="preload" as="image" href="${S}/img/preload.png">`,
  `<link rel="prefetch" href="${S}/prefetch"><link rel="dns-prefetch" href="//dns.stranger.example">`,
  `<link rel="stylesheet" href="${S}/style.css"><link rel="icon" href="${S}/favicon.ico">`,
  `<meta http-equiv="refresh" content="0;url=${S}/refresh">`,
  `<img loading="lazy" src="${S}/img/lazy.png" alt="lazy"><img class="lazyload" data-src="${S}/img/lazy-data.png" data-srcset="${S}/img/lazy-data-set.png 2x" alt="lazy by script">`,
  `<table background="${S}/img/table-bg.png"><tr><td background="${S}/img/td-bg.png">cell</td></tr></table>`,
  `<input type="image" src="${S}/img/input.png" alt="input">`,
  `<object data="${S}/object"></object><embed src="${S}/embed"><iframe src="${S}/iframe"></iframe>`,
  `<iframe srcdoc="<img src=${S}/img/srcdoc.png>"></iframe>`,
  `<style>@import url(${S}/import.css); p { background: url(${S}/img/style-element.png) }</style>`,
  `<noscript><img src="${S}/img/noscript.png"></noscript><template><img src="${S}/img/template.png"></template>`,
  `<img src="http://stranger.example/img/plain-http.png" alt="plain http">`,
  `<img src="//stranger.example/img/protocol-relative.png" alt="protocol-relative">`,
  `<base href="${S}/"><img src="relative.png" alt="relative">`,
  `<image src="${S}/img/image-tag.png" alt="image tag">`,
  `<a href="${S}/link" ping="${S}/ping">a link with a ping</a>`,
  `<a href="https://evil.example/login">https://bank.example/login</a>`,
  `<a href="https://аpple.example/">apple.example</a>`,
  `<img src="${S}/img/redirect-away.png" alt="redirects elsewhere">`,
  `<img src="${S}/img/not-image" alt="not an image">`,
  `<img src="${S}/img/huge.png" alt="too big">`,
  `<img src="https://images.wiki.example/img/own.png" alt="the wiki's own">`
].join('\n')

/** What the stranger may see once the user pressed "Load images": the images the article shows. */
const LOADED = [
  'stranger.example/img/plain.png',
  'stranger.example/img/pixel.png',
  'stranger.example/img/srcset-1x.png',
  'stranger.example/img/both.png',
  'stranger.example/img/srcset-w.png',
  'stranger.example/img/bg.png',
  'stranger.example/img/bg-quoted.png',
  'stranger.example/img/bg-entity.png',
  'stranger.example/img/list-style.png',
  'stranger.example/img/svg-image.png',
  'stranger.example/img/svg-xlink.png',
  'stranger.example/img/fe-image.png',
  'stranger.example/img/picture-img.png',
  'stranger.example/img/poster.png',
  'stranger.example/img/lazy.png',
  'stranger.example/img/table-bg.png',
  'stranger.example/img/td-bg.png',
  'stranger.example/img/protocol-relative.png',
  'stranger.example/img/image-tag.png',
  // Asked for, but its redirect to a host the article does not use is not followed.
  'stranger.example/img/redirect-away.png',
  // Asked for, refused: not an image, or past the size limit.
  'stranger.example/img/not-image',
  'stranger.example/img/huge.png',
  'images.wiki.example/img/own.png'
].sort()

let emu: Emulator
let stranger: Stranger
test.beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  stranger = await startStranger()
  addArticleNotification(emu, 'article with every image')
})
test.afterAll(async () => {
  emu.close()
  await stranger.close()
})
/** What reached the stranger besides the inbox's avatars (which the wiki's own host serves). */
const articleRequests = () => stranger.seen.filter((r) => !r.startsWith('avatars.wiki.example/'))

test.beforeEach(() => {
  stranger.seen.length = 0
})

test.use({
  onairDeps: async ({}, use) => {
    await use({ inbox: previewInbox({ emu, stranger, body: VECTORS }) })
  }
})

test('nothing reaches the stranger before "Load images"; after it, only the images, fetched by the core', async ({
  onair,
  page
}) => {
  const pageAsked = await pageReachesStranger(page, stranger)
  await page.addInitScript(() => {
    const g = globalThis as unknown as {
      __blocked: string[]
      addEventListener: (t: string, f: (e: { violatedDirective: string; blockedURI: string }) => void) => void
    }
    g.__blocked = []
    g.addEventListener('securitypolicyviolation', (e) => g.__blocked.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  await openPreview(page, onair.open, 'article with every image')
  const body = page.getByTestId('article-body')
  await expect(body.getByRole('img', { name: 'plain · stranger.example' })).toBeVisible()
  await expect(body.getByRole('img', { name: "the wiki's own · images.wiki.example" })).toBeVisible()
  await expect.poll(() => onair.calls.filter((c) => c.name === 'inbox:images')).toHaveLength(1)
  // Everything a reader might do short of asking: scroll to the end, hover and focus the links.
  await body.getByText('cell').scrollIntoViewIfNeeded()
  await body.getByRole('link', { name: /a link with a ping/ }).hover()
  await body.getByRole('link', { name: /bank\.example/ }).focus()
  // The real destination shows on focus, whatever the text says; a look-alike host is punycode.
  const bubble = await body.getByRole('link', { name: /bank\.example/ }).evaluate((a) => {
    const { getComputedStyle } = globalThis as unknown as {
      getComputedStyle: (el: unknown, pseudo: string) => { content: string }
    }
    return getComputedStyle(a, '::after').content
  })
  expect(bubble).toBe('"https://evil.example/login"')
  expect(await body.getByRole('link', { name: /^apple\.example/ }).getAttribute('href')).toBe(
    'https://xn--pple-43d.example/'
  )
  expect(articleRequests()).toEqual([])
  expect(pageAsked).toEqual([])
  await expect(page).toHaveURL(/^http:\/\/onair\.test\/$/)

  await page.getByRole('button', { name: 'Load images' }).click()
  await expect(body.getByRole('img', { name: 'plain · stranger.example' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/
  )
  await expect(body.locator('img[data-src]')).toHaveCount(3)
  expect(articleRequests().sort()).toEqual(LOADED)
  expect(pageAsked).toEqual([])
  // Those that could not be shown keep their placeholder, and the button stays to try again.
  for (const name of ['redirects elsewhere', 'not an image', 'too big'])
    await expect(body.getByRole('img', { name: new RegExp(`^${name} · `) })).toHaveAttribute('data-src', /^https:/)
  await expect(page.getByRole('button', { name: 'Load images' })).toBeVisible()
  // The page never even tried a request the CSP had to stop. (The sanitizer's parse, in a document
  // that loads nothing, still reports the inline styles and the <base> it is about to drop.)
  const blocked = await page.evaluate(() => (globalThis as unknown as { __blocked: string[] }).__blocked)
  expect(blocked.filter((v) => !/^(style-src-(attr|elem) inline|base-uri )/.test(v))).toEqual([])
})

test.describe('with the setting on', () => {
  test.use({
    onairDepsFor: {
      build: ({ dataDir }) => {
        const settings = settingsFileStore(dataDir)
        const wikiImages = () => settings.read().inbox.wikiImages
        return { settings, inbox: previewInbox({ emu, stranger, body: VECTORS, wikiImages }) }
      }
    }
  })

  test("only the wiki's own images load by themselves", async ({ onair, page }) => {
    const pageAsked = await pageReachesStranger(page, stranger)
    await onair.open()
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
    const setting = page.getByRole('checkbox', { name: "Always load images from the wiki's own host" })
    await expect(setting).not.toBeChecked()
    await setting.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => onair.core.settings!.read().inbox.wikiImages).toBe(true)

    await openPreview(page, undefined, 'article with every image')
    const body = page.getByTestId('article-body')
    await expect(body.getByRole('img', { name: "the wiki's own · images.wiki.example" })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/
    )
    await expect(body.getByRole('img', { name: 'plain · stranger.example' })).not.toHaveAttribute('src')
    expect(articleRequests()).toEqual(['images.wiki.example/img/own.png'])
    expect(pageAsked).toEqual([])
    await expect(page.getByRole('button', { name: 'Load images' })).toBeVisible()
  })
})
