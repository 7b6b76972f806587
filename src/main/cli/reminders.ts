import { AuthError } from '../core/auth/errors'
import { systemClock } from '../core/clock'
import type { Notifier } from '../core/notify'
import { createReminderService, type ReminderService } from '../core/schedule/reminders'
import { settingsFileStore } from '../core/store/settings'
import type { Settings } from '../../shared/settings'
import type { CommandContext } from './command'
import { openAccount, type CliAccount } from './context'

/**
 * The reminder service over the CLI's account: the same composition as the app, with the media
 * client looked up at each poll and settings read from the app's file (never written here).
 */
export interface CliReminderOptions {
  notifier: Notifier
  /** `--lead` of `onair run`: replaces the lead times for this run only. */
  leadMinutes?: number[]
  onError?: (error: unknown) => void
}

export function openCliSettings(ctx: CommandContext, leadMinutes?: number[]): () => Settings {
  const store = settingsFileStore(ctx.config.dataDir)
  return () => {
    const s = store.read()
    if (!leadMinutes) return s
    // Same order and uniqueness the settings schema gives saved lead times.
    return { ...s, reminders: { ...s.reminders, leadMinutes: [...new Set(leadMinutes)].sort((a, b) => b - a) } }
  }
}

/** Throws AuthError `not_signed_in` (or `not_configured`) when there is nothing to poll with. */
export function signedInAccount(ctx: CommandContext): CliAccount {
  const cli = openAccount(ctx)
  if (!cli.account.session()) throw new AuthError('not_configured')
  if (cli.account.monitor.state() !== 'signed-in') throw new AuthError('not_signed_in')
  return cli
}

export function openCliReminders(ctx: CommandContext, cli: CliAccount, opts: CliReminderOptions): ReminderService {
  return createReminderService({
    clock: systemClock,
    media: { allPrograms: (params, o) => cli.account.media().allPrograms(params, o) },
    monitor: cli.account.monitor,
    dataDir: ctx.config.dataDir,
    settings: openCliSettings(ctx, opts.leadMinutes),
    notifier: opts.notifier,
    locale: () => ctx.locale,
    onError: opts.onError
  })
}
