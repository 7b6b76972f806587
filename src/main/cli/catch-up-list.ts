import type { CatchUpCache } from '../../shared/catch-up'
import { describeApiError } from '../core/http/errors'
import { emptyCatchUp, catchUpFileStore } from '../core/catch-up/file'
import { fetchCatchUp } from '../core/catch-up/fetch'
import { outboxFileStore } from '../core/records/store'
import { watchedEpisodes } from '../core/records/watched-episodes'
import { settingsFileStore } from '../core/store/settings'
import type { CommandContext } from './command'
import { movedAside } from './moved-aside'
import { fileGuard } from './file-guard'

/**
 * The catch-up list a run of `onair catch-up` shows: asked of the service and saved (unless
 * `--from-cache`), else the saved one, with what the outbox holds a record of left for the
 * caller to take out. Apart from the command, so the command reads as what it prints.
 */
export interface ShownCatchUp {
  list: CatchUpCache
  /** Asked of the service just now. */
  fresh: boolean
  /** catch-up.json could not be read or written (said on stderr): the exit code is 1. */
  fileTrouble: boolean
  recorded: ReadonlySet<number>
}

export async function shownCatchUp(ctx: CommandContext, fromCache: boolean): Promise<ShownCatchUp> {
  const { dataDir } = ctx.config
  const cache = catchUpFileStore(dataDir, movedAside(ctx))
  const file = fileGuard(ctx)
  const recorded = file.run(() => watchedEpisodes(outboxFileStore(dataDir, movedAside(ctx)).read()), new Set<number>())
  const saved = () => {
    const list = file.run(() => cache.read(), emptyCatchUp())
    return { list, fresh: false, fileTrouble: file.troubled(), recorded }
  }
  if (fromCache) return saved()
  const { signedInAccount } = await import('./context')
  const cli = await signedInAccount(ctx)
  const days = settingsFileStore(dataDir, movedAside(ctx)).read().catchUp.days
  const now = ctx.clock.now()
  const result = await fetchCatchUp({ media: cli.account.media(), now, days })
  if (!result.ok) {
    cli.account.monitor.report(result.error)
    ctx.io.err(ctx.t(describeApiError(result.error)))
    return saved()
  }
  const list = { fetchedAt: new Date(now).toISOString(), days, programs: result.programs }
  file.run(() => cache.write(list), undefined)
  return { list, fresh: true, fileTrouble: file.troubled(), recorded }
}
