/**
 * The app's log file, `main.log` in the OS's log folder (Settings opens it): main-process errors,
 * unhandled rejections, renderer crashes, notifications that failed to show. Every line also goes
 * to the console for `npm run demo`. Kept under 1 MB by moving it to `main.old.log` when full.
 * Private like the data folder (folder 0700, file 0600, whatever the umask): errors name files and
 * addresses. Every line is redacted (core/redact.ts), with the stored secrets' own values once
 * the shell names them (`knowSecrets`).
 */
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  writeSync
} from 'node:fs'
import { dirname, join } from 'node:path'
import { inspect } from 'node:util'
import { app, shell } from 'electron'
import type { Clock } from '../core/clock'
import { redact } from '../core/redact'
import { APP_LOG } from '../core/store/data-files'
import { UserErrorException } from '../core/user-error'

const MAX_BYTES = 1024 * 1024

export type LogLevel = 'info' | 'warn' | 'error'

export interface AppLog {
  readonly path: string
  write(level: LogLevel, message: string, detail?: unknown): void
  /** Values to replace wherever they appear (the secrets store's), read at each write. */
  knowSecrets(values: () => ReadonlyArray<string | undefined>): void
}

/**
 * Appends, creating the file if need be, but never through a link at its name (O_NOFOLLOW: the
 * open fails, and the line stays on the console), like every other file Onair writes.
 */
const APPEND_NO_LINK = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0)

const describe = (detail: unknown): string =>
  detail instanceof Error ? (detail.stack ?? detail.message) : inspect(detail, { depth: 4, breakLength: 120 })

export function openAppLog(clock: Clock, folder: string = app.getPath('logs')): AppLog {
  const path = join(folder, APP_LOG.name)
  let ready = false
  let known: () => ReadonlyArray<string | undefined> = () => []
  // Reading the secrets may itself log (a damaged secrets file): that line goes without them.
  let reading = false
  const knownValues = (): string[] => {
    if (reading) return []
    reading = true
    try {
      return known().filter((v): v is string => v !== undefined)
    } catch {
      return []
    } finally {
      reading = false
    }
  }
  const rotate = (): void => {
    try {
      if (statSync(path).size > MAX_BYTES) renameSync(path, join(dirname(path), APP_LOG.old))
    } catch {
      // No file yet.
    }
  }
  return {
    path,
    write(level, message, detail) {
      const line = redact(
        `${new Date(clock.now()).toISOString()} ${level.toUpperCase()} ${message}${detail === undefined ? '' : ` ${describe(detail)}`}`,
        knownValues()
      )
      ;(level === 'error' ? console.error : level === 'warn' ? console.warn : console.log)(`[onair] ${line}`)
      try {
        if (!ready) {
          mkdirSync(folder, { recursive: true, mode: 0o700 })
          // The OS's log folder for this app is ours alone (~/.config/Onair/logs, ~/Library/Logs/Onair).
          chmodSync(folder, 0o700)
          ready = true
        }
        rotate()
        const fd = openSync(path, APPEND_NO_LINK, 0o600)
        try {
          // A file from an older Onair (or made under umask 000) is tightened too.
          fchmodSync(fd, 0o600)
          writeSync(fd, `${line}\n`)
        } finally {
          closeSync(fd)
        }
      } catch {
        // A log that cannot be written must not take the app down; the console line stays.
      }
    },
    knowSecrets(values) {
      known = values
    }
  }
}

/** Settings → "Open log": the file in the system's viewer, written first so there is one to open. */
export async function showLogFile(log: AppLog): Promise<void> {
  log.write('info', 'log opened from Settings')
  const failure = await shell.openPath(log.path)
  if (failure) throw new UserErrorException('log-not-opened', { en: failure, ja: `ログを開けませんでした: ${failure}` })
}
