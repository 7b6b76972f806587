import type { ScheduleCache } from '../../shared/schedule'
import { describeApiError } from '../core/http/errors'
import { pollOnce } from '../core/programs/poll'
import { emptySchedule, scheduleFileStore } from '../core/programs/schedule-file'
import { settingsFileStore } from '../core/store/settings'
import type { CommandContext, ExitCode } from './command'
import { cliSettings } from './cli-settings'
import { signedInAccount } from './context'
import { movedAside } from './moved-aside'
import { failWith } from './report'
import { fileGuard } from './file-guard'
import type { ShownSchedule } from './shown-schedule'

/**
 * `onair upcoming` without `--from-cache`: polls once as the signed-in user and saves what came,
 * or, when the service cannot be reached, says why and hands back the saved schedule. Apart from
 * the command so that `--from-cache` starts without the account, the HTTP client and the poll.
 * An exit code when there is nobody to poll as.
 */
export async function pollSchedule(ctx: CommandContext): Promise<ShownSchedule | ExitCode> {
  let cli
  try {
    cli = await signedInAccount(ctx)
  } catch (e) {
    return failWith(ctx, e)
  }
  const cache = scheduleFileStore(ctx.config.dataDir, movedAside(ctx))
  const settings = cliSettings(settingsFileStore(ctx.config.dataDir, movedAside(ctx))).read()
  const result = await pollOnce({ media: cli.account.media(), now: ctx.clock.now(), settings })
  const file = fileGuard(ctx)
  let schedule: ScheduleCache
  if (result.ok) {
    schedule = { fetchedAt: new Date(ctx.clock.now()).toISOString(), programs: result.programs }
    file.run(() => cache.write(schedule), undefined)
  } else {
    cli.account.monitor.report(result.error)
    ctx.io.err(ctx.t(describeApiError(result.error)))
    schedule = file.run(() => cache.read(), emptySchedule())
  }
  const { mediaUrl } = cli.account.services()
  return { schedule, settings, fresh: result.ok, fileTrouble: file.troubled(), mediaUrl: async () => mediaUrl }
}
