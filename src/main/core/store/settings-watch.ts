import type { Settings } from '../../../shared/settings'
import type { Clock, TimerHandle } from '../clock'
import type { DocumentStore } from './document'

/** How often the settings file is looked at for changes made by another process. */
export const SETTINGS_CHECK_MS = 2_000

/**
 * The settings document as the running features follow it: each feature subscribes its own switch
 * (`onChange`), and is told after a write through this store and after a change made by another
 * process (`onair config set`, the app beside `onair run`), found within SETTINGS_CHECK_MS.
 */
export interface WatchedSettings extends DocumentStore<Settings> {
  /** Called, in the order subscribed, with the settings the features should now follow. */
  onChange(listener: (settings: Settings) => void): () => void
  /** Starts looking at the file for changes made elsewhere. */
  start(): void
  stop(): void
}

export function watchSettings(file: DocumentStore<Settings>, clock: Clock): WatchedSettings {
  const listeners = new Set<(settings: Settings) => void>()
  // What the features were last told about; a write here or by another process makes it stale.
  let applied = JSON.stringify(file.read())
  const apply = (settings: Settings): void => {
    applied = JSON.stringify(settings)
    for (const listener of [...listeners]) listener(settings)
  }
  let check: TimerHandle | undefined
  const look = (): void => {
    const now = file.read()
    if (JSON.stringify(now) !== applied) apply(now)
    check = clock.setTimeout(look, SETTINGS_CHECK_MS)
  }
  const watched: WatchedSettings = {
    read: () => file.read(),
    write(next) {
      file.write(next)
      apply(file.read())
    },
    update(fn) {
      const next = fn(file.read())
      watched.write(next)
      return next
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: look,
    stop() {
      if (check) clock.clearTimeout(check)
      check = undefined
    }
  }
  return watched
}
