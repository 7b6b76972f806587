import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import type { LocalizedText } from '../../../shared/locale'
import type { CalendarInfo } from '../../../shared/contract/calendar'
import type { Settings } from '../../../shared/settings'
import { jsonFileStore, type CorruptFileReport, type DocumentStore } from '../store/json-file'
import { startFeedServer, type FeedServer } from './server'

/**
 * "Subscribe in your calendar": the feed server switched on and off with the setting, on a port
 * and behind a secret that are both kept in the data folder, so the URL a calendar subscribed to
 * keeps working across restarts until the user asks for a new secret.
 */
export const FEED_FILE = 'calendar-feed.json'

const FeedDoc = z.object({
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,64}$/)
    .optional(),
  /** The port picked the first time when the setting says 0 (automatic). */
  port: z.number().int().min(1).max(65535).optional()
})
type FeedDoc = z.output<typeof FeedDoc>

export function feedFileStore(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): DocumentStore<FeedDoc> {
  return jsonFileStore({
    path: join(dataDir, FEED_FILE),
    schema: FeedDoc,
    defaults: () => ({}),
    mode: 0o600,
    onCorrupt,
    lossNote: {
      en: 'The calendar feed gets a new address: subscribe to it again in your calendar (Settings shows the address).',
      ja: 'カレンダー配信のアドレスが新しくなります。カレンダーでもう一度購読してください（アドレスは設定画面にあります）。'
    }
  })
}

export interface CalendarSubscription {
  info(): CalendarInfo
  /** Starts, stops or moves the server to match the settings; changes are applied one after another. */
  sync(): Promise<void>
  /** A new secret: the old URL answers 404 from now on. */
  regenerate(): Promise<CalendarInfo>
  onChange(listener: (info: CalendarInfo) => void): () => void
  stop(): Promise<void>
}

export interface SubscriptionDeps {
  store: DocumentStore<FeedDoc>
  settings: () => Settings
  document: () => string
  onError?: (err: unknown) => void
}

const busyPort = (port: number): LocalizedText => ({
  en: `The calendar feed could not use port ${port}: another program (or another Onair) is using it. Choose another port, or stop the other program.`,
  ja: `カレンダー配信にポート ${port} を使えませんでした。別のプログラム（または別の Onair）が使用中です。別のポートを指定するか、そのプログラムを終了してください。`
})

export function createCalendarSubscription(deps: SubscriptionDeps): CalendarSubscription {
  const listeners = new Set<(info: CalendarInfo) => void>()
  let running = false
  let server: FeedServer | undefined
  let error: LocalizedText | undefined
  // What the server was last started for: a settings write that leaves these alone restarts nothing.
  let current = ''
  let queue: Promise<void> = Promise.resolve()

  const secret = (): string => {
    const saved = deps.store.read().secret
    if (saved) return saved
    const fresh = randomBytes(32).toString('base64url')
    deps.store.update((doc) => ({ ...doc, secret: fresh }))
    return fresh
  }

  const info = (): CalendarInfo => ({
    enabled: deps.settings().calendar.subscribe.enabled,
    url: server?.url ?? null,
    ...(error ? { error } : {})
  })
  const changed = () => {
    const now = info()
    for (const listener of listeners) listener(now)
  }

  const apply = async (force: boolean): Promise<void> => {
    const want = running ? deps.settings().calendar.subscribe : { enabled: false, port: 0 }
    const key = want.enabled ? `${want.port}` : ''
    if (key === current && !force) return
    current = key
    await server?.close()
    server = undefined
    error = undefined
    if (want.enabled) {
      const port = want.port || deps.store.read().port || 0
      try {
        server = await startFeedServer({ port, secret: secret(), document: deps.document, onError: deps.onError })
        if (!want.port && deps.store.read().port !== server.port) {
          const picked = server.port
          deps.store.update((doc) => ({ ...doc, port: picked }))
        }
      } catch (e) {
        // A busy remembered port is reported, not silently replaced: the subscribed URL names it.
        error = (e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? busyPort(port) : undefined
        if (!error) deps.onError?.(e)
      }
    }
    changed()
  }
  const enqueue = (force: boolean): Promise<void> =>
    (queue = queue.then(() => apply(force)).catch((e: unknown) => deps.onError?.(e)))

  return {
    info,
    sync() {
      running = true
      return enqueue(false)
    },
    async regenerate() {
      const fresh = randomBytes(32).toString('base64url')
      deps.store.update((doc) => ({ ...doc, secret: fresh }))
      if (server) await enqueue(true)
      return info()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      running = false
      return enqueue(false)
    }
  }
}
