import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import { createImageLoader } from '../../src/main/core/images/loader'
import { createInbox, type InboxService } from '../../src/main/core/inbox/inbox'
import { emptyInbox } from '../../src/main/core/inbox/store'
import { memoryStore } from '../../src/main/core/store/document'
import { memoryNotifier } from '../../src/main/core/notify'
import { createWikiClient } from '../../src/main/core/wiki/client'
import type { Emulator } from '../emulator'
import type { Stranger } from '../stranger/server'

/**
 * An inbox whose one article (`ARTICLE_ID`) has the body a test gives, its images fetched by the
 * core through the stranger's server (every `*.example` host; the wiki is `https://wiki.example`).
 */
export const ARTICLE_ID = '20250202000000'
export const WIKI_URL = 'https://wiki.example'

export function previewInbox(opts: {
  emu: Emulator
  stranger: Stranger
  body: string
  wikiImages?: () => boolean
}): InboxService {
  const { emu, stranger } = opts
  const clock = new ManualClock()
  const real = createWikiClient({ baseUrl: emu.baseUrl, token: () => emu.tokens.wiki, timeoutMs: 2000 })
  return createInbox({
    wiki: () => ({
      ...real,
      getArticle: async (user, id) =>
        id !== ARTICLE_ID
          ? real.getArticle(user, id)
          : {
              id: 901,
              title: 'Pictures from the studio',
              body: 'source',
              rendered_body: opts.body,
              tags: [{ name: 'anime' }],
              user: { id: 2, name: 'hikari', image_url: 'https://avatars.wiki.example/u/2.png' },
              community: { id: 1, name: 'Anime Club' },
              created_at: '2025-02-02T00:00:00+09:00'
            }
    }),
    store: memoryStore(emptyInbox()),
    clock,
    notifier: memoryNotifier(),
    notify: () => false,
    language: () => 'en',
    images: createImageLoader({
      clock,
      wikiUrl: () => WIKI_URL,
      wikiImages: opts.wikiImages ?? (() => false),
      net: stranger.net
    })
  })
}

/** Adds the notification that links to the article. */
export function addArticleNotification(emu: Emulator, title: string): void {
  emu.wiki.addNotification({ title, url: `https://anime-club.wiki.example/hikari/items/${ARTICLE_ID}` })
}

/**
 * The page's own requests to any `*.example` host reach the stranger too (the harness aborts
 * everything else), so a slip in the page would be counted, not silently blocked. Returns the
 * list of what the page asked for.
 */
export async function pageReachesStranger(page: Page, stranger: Stranger): Promise<string[]> {
  const asked: string[] = []
  await page.route(/^https?:\/\/([^/]+\.)?example\//, async (route) => {
    asked.push(route.request().url())
    await route.fulfill({ response: await route.fetch({ url: stranger.local(route.request().url()) }) })
  })
  return asked
}

/** Opens the app (unless already open), the inbox and the article's preview. */
export async function openPreview(
  page: Page,
  open: (() => Promise<void>) | undefined,
  title: string,
  lang: 'en' | 'ja' = 'en'
) {
  await open?.()
  await page
    .getByRole('navigation')
    .getByRole('button', { name: lang === 'ja' ? /^受信箱/ : /^Inbox/ })
    .click()
  await page
    .locator('li', { hasText: title })
    .getByRole('button', { name: lang === 'ja' ? '記事をプレビュー' : 'Preview article' })
    .click()
  await page.getByRole('heading', { name: 'Pictures from the studio' }).waitFor()
}
