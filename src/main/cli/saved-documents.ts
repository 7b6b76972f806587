import type { ScheduleCache } from '../../shared/schedule'
import type { Settings } from '../../shared/settings'
import { emptySchedule } from '../core/schedule/empty-schedule'
import { dataFile } from '../core/store/data-files'
import { readVouched } from '../core/store/receipt'
import type { SettingsFacts } from '../core/store/setting-facts'
import type { CommandContext } from './command'
import { movedAside } from './moved-aside'

/**
 * settings.json and schedule.json for the commands that only read them (`config get`, `config
 * list`, `upcoming --from-cache`): taken as they are when their receipt vouches for them
 * (core/store/receipt.ts), so these commands start without zod; otherwise read by their store,
 * imported only then, which validates, moves a bad file aside and says so, as every command does.
 */
declare const __ONAIR_SETTINGS_FACTS__: SettingsFacts | undefined

/**
 * The settings schema's keys and defaults as the build described them (build/vite-shared.ts);
 * where nothing was built (`npm run cli` through tsx) they are described now, from the schema,
 * which loads zod.
 */
export async function settingsFacts(): Promise<SettingsFacts> {
  if (typeof __ONAIR_SETTINGS_FACTS__ === 'object' && __ONAIR_SETTINGS_FACTS__ !== null) return __ONAIR_SETTINGS_FACTS__
  return (await import('../core/store/setting-keys')).describeSettings()
}

export async function readSettings(ctx: CommandContext): Promise<Settings> {
  const { dataDir } = ctx.config
  const { defaults } = await settingsFacts()
  return readVouched(
    dataFile(dataDir, 'settings'),
    () => structuredClone(defaults),
    async () => (await import('../core/store/settings')).settingsFileStore(dataDir, movedAside(ctx)).read()
  )
}

export async function readSchedule(ctx: CommandContext): Promise<ScheduleCache> {
  const { dataDir } = ctx.config
  return readVouched(dataFile(dataDir, 'schedule'), emptySchedule, async () =>
    (await import('../core/schedule/schedule-file')).scheduleFileStore(dataDir, movedAside(ctx)).read()
  )
}
