import { createHmac, randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Settings } from '../../../shared/settings'
import { folderDocument, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/**
 * Where the subscribed calendar feed is found: `http://127.0.0.1:<port>/<secret>/onair.ics`. The
 * secret and the port picked automatically are kept in `calendar-feed.json`, so the address a
 * calendar subscribed to survives restarts, and every process of the data folder (the app,
 * `onair run`, `onair calendar`) reads the same one. The server looks the secret up at each
 * request, so a new secret written by any of them makes the old address answer 404 at once.
 */
export const FEED_FILE_NAME = 'onair.ics'

const FeedDoc = z.object({
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,64}$/)
    .optional(),
  /** The port picked the first time when the setting says 0 (automatic). */
  port: z.number().int().min(1).max(65535).optional()
})
export type FeedDoc = z.output<typeof FeedDoc>

export function feedFileStore(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): DocumentStore<FeedDoc> {
  return folderDocument({
    dataDir,
    name: 'feed',
    schema: FeedDoc,
    defaults: () => ({}),
    onCorrupt,
    lossNote: {
      en: 'The calendar feed gets a new address: subscribe to it again in your calendar (Settings or "onair calendar url" shows the address).',
      ja: 'カレンダー配信のアドレスが新しくなります。カレンダーでもう一度購読してください（アドレスは設定画面か「onair calendar url」で確認できます）。'
    }
  })
}

const newSecret = () => randomBytes(32).toString('base64url')

export const feedUrl = (port: number, secret: string) => `http://127.0.0.1:${port}/${secret}/${FEED_FILE_NAME}`

/**
 * How another process of the folder learns that the feed is served without sending the secret to
 * whatever listens on the port: it asks this path with a random nonce, and only a server that
 * knows the secret answers `feedProof` of it (a keyed hash: the secret cannot be read back from it).
 */
export const FEED_PROOF_PATH = '/onair-feed-proof'
export const feedProof = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`onair calendar feed proof ${nonce}`).digest('base64url')

/** The saved secret; one is made (under the file's lock, so two processes agree) when there is none. */
export function feedSecret(store: DocumentStore<FeedDoc>): string {
  const saved = store.read().secret
  if (saved) return saved
  return store.update((doc) => (doc.secret ? doc : { ...doc, secret: newSecret() })).secret!
}

/** A new secret: every address made with the old one answers 404 from now on. */
export function replaceFeedSecret(store: DocumentStore<FeedDoc>): string {
  return store.update((doc) => ({ ...doc, secret: newSecret() })).secret!
}

/**
 * The address the feed has (or will have when served), or undefined while it has none yet: the
 * secret is made, and an automatic port picked, the first time the feed is served.
 */
export function savedFeedUrl(settings: Settings, doc: FeedDoc): string | undefined {
  const port = settings.calendar.subscribe.port || doc.port
  return port && doc.secret ? feedUrl(port, doc.secret) : undefined
}
