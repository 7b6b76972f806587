import type { LocalizedText } from '../../../shared/locale'
import type { CalendarInfo } from '../../../shared/contract/calendar'
import type { Settings } from '../../../shared/settings'
import type { DocumentStore } from '../store/document'
import { feedSecret, feedUrl, replaceFeedSecret, type FeedDoc } from './address'
import type { LoopbackPort } from '../http/loopback-server'
import { startFeedServer } from './server'

/**
 * "Subscribe in your calendar": the feed server switched on and off with the setting, on a port
 * and behind a secret that are both kept in the data folder (address.ts), so the URL a calendar
 * subscribed to keeps working across restarts until the user asks for a new secret, here or in
 * another process (`onair calendar new-url`): the feed file is watched for that.
 */
export interface CalendarSubscription {
  info(): CalendarInfo
  /** Starts, stops or moves the server to match the settings; changes are applied one after another. */
  sync(): Promise<void>
  /** A new secret: the old URL answers 404 from now on. */
  regenerate(): CalendarInfo
  onChange(listener: (info: CalendarInfo) => void): () => void
  stop(): Promise<void>
}

export interface SubscriptionDeps {
  store: DocumentStore<FeedDoc>
  settings: () => Settings
  document: () => Promise<string>
  /** Calls back when another process may have changed the feed file; returns how to stop watching. */
  watch?: (onChange: () => void) => () => void
  onError?: (err: unknown) => void
}

const busyPort = (port: number): LocalizedText => ({
  en: `The calendar feed could not use port ${port}: another program (or another Onair) is using it. Choose another port, or stop the other program.`,
  ja: `カレンダー配信にポート ${port} を使えませんでした。別のプログラム（または別の Onair）が使用中です。別のポートを指定するか、そのプログラムを終了してください。`
})

export function createCalendarSubscription(deps: SubscriptionDeps): CalendarSubscription {
  const listeners = new Set<(info: CalendarInfo) => void>()
  let running = false
  let server: LoopbackPort | undefined
  let error: LocalizedText | undefined
  // What the server was last started for: a settings write that leaves these alone restarts nothing.
  let current = ''
  let queue: Promise<void> = Promise.resolve()

  const secret = () => feedSecret(deps.store)
  const info = (): CalendarInfo => ({
    enabled: deps.settings().calendar.subscribe.enabled,
    url: server ? feedUrl(server.port, secret()) : null,
    ...(error ? { error } : {})
  })
  // What listeners were last told: a write to the feed file that leaves the address alone (the
  // port remembered, a lock taken) tells nobody.
  let told = ''
  const changed = (always = true) => {
    const now = info()
    const seen = JSON.stringify(now)
    if (!always && seen === told) return
    told = seen
    for (const listener of listeners) listener(now)
  }
  let unwatch: (() => void) | undefined

  const apply = async (): Promise<void> => {
    const want = running ? deps.settings().calendar.subscribe : { enabled: false, port: 0 }
    const key = want.enabled ? `${want.port}` : ''
    if (key === current) return
    current = key
    await server?.close()
    server = undefined
    error = undefined
    if (want.enabled) {
      const port = want.port || deps.store.read().port || 0
      try {
        server = await startFeedServer({ port, secret, document: deps.document, onError: deps.onError })
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
  const enqueue = (): Promise<void> => (queue = queue.then(apply).catch((e: unknown) => deps.onError?.(e)))

  return {
    info,
    sync() {
      running = true
      unwatch ??= deps.watch?.(() => changed(false))
      return enqueue()
    },
    regenerate() {
      replaceFeedSecret(deps.store)
      changed()
      return info()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      running = false
      unwatch?.()
      unwatch = undefined
      return enqueue()
    }
  }
}
