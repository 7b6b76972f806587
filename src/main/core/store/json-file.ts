import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { z } from 'zod'

/**
 * A typed document persisted as one JSON file. Writes are atomic (temp file, fsync, rename), so a
 * crash mid-write leaves the previous version; a file that no longer parses or no longer matches
 * the schema is moved aside (never deleted: the user's data may be recoverable by hand) and the
 * document starts from its defaults, with the reason reported once.
 */
export interface DocumentStore<T> {
  read(): T
  write(next: T): void
  update(fn: (current: T) => T): T
}

export interface CorruptFileReport {
  path: string
  movedTo: string
  reason: string
}

/** What the user is told, in every face of the app, when a saved file could not be read. */
export function describeCorruptFile(r: CorruptFileReport): { en: string; ja: string } {
  return {
    en: `A saved file could not be read and was moved aside: ${r.movedTo}. Onair started that part from its defaults.`,
    ja: `保存されたファイルを読み取れなかったため退避しました: ${r.movedTo}。その部分は初期状態から始めます。`
  }
}

export interface JsonFileOptions<S extends z.ZodType> {
  path: string
  schema: S
  defaults: () => z.output<S>
  /** Upgrades an older on-disk shape before validation; receives whatever JSON was read. */
  migrate?: (raw: unknown) => unknown
  /** File permissions for new files; 0o600 for anything personal. */
  mode?: number
  onCorrupt?: (report: CorruptFileReport) => void
  now?: () => number
}

export function jsonFileStore<S extends z.ZodType>(opts: JsonFileOptions<S>): DocumentStore<z.output<S>> {
  let cache: z.output<S> | undefined

  const load = (): z.output<S> => {
    if (!existsSync(opts.path)) return opts.defaults()
    let reason: string
    try {
      const raw: unknown = JSON.parse(readFileSync(opts.path, 'utf8'))
      const parsed = opts.schema.safeParse(opts.migrate ? opts.migrate(raw) : raw)
      if (parsed.success) return parsed.data
      reason = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')
    } catch (e) {
      reason = e instanceof Error ? e.message : String(e)
    }
    const movedTo = `${opts.path}.corrupt-${opts.now?.() ?? Date.now()}`
    renameSync(opts.path, movedTo)
    opts.onCorrupt?.({ path: opts.path, movedTo, reason })
    return opts.defaults()
  }

  const store: DocumentStore<z.output<S>> = {
    read() {
      cache ??= load()
      return cache
    },
    write(next) {
      writeAtomic(opts.path, `${JSON.stringify(next, null, 1)}\n`, opts.mode ?? 0o600)
      cache = next
    },
    update(fn) {
      const next = fn(store.read())
      store.write(next)
      return next
    }
  }
  return store
}

export function writeAtomic(path: string, text: string, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const tmp = `${path}.${process.pid}.tmp`
  const fd = openSync(tmp, 'w', mode)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, path)
}

/** An in-memory store with the same contract, for tests and for the renderer harness. */
export function memoryStore<T>(initial: T): DocumentStore<T> {
  let value = initial
  const store: DocumentStore<T> = {
    read: () => value,
    write: (next) => {
      value = next
    },
    update: (fn) => {
      value = fn(value)
      return value
    }
  }
  return store
}
