import type { Handlers } from '../../../shared/contract'
import { UserErrorException } from '../user-error'
import type { ReminderService } from './reminders'

/** The `schedule:*` handlers; reminders are an optional dep of the core, as in the harnesses. */
type ScheduleCommand = Extract<keyof Handlers, `schedule:${string}`>

const unavailable = () =>
  new UserErrorException('schedule-unavailable', {
    en: 'The broadcast schedule is not available in this build of Onair.',
    ja: 'この Onair では番組表を使えません。'
  })

export function scheduleHandlers(reminders: ReminderService | undefined): Pick<Handlers, ScheduleCommand> {
  const need = (): ReminderService => {
    if (!reminders) throw unavailable()
    return reminders
  }
  return {
    'schedule:get': async () => need().snapshot(),
    'schedule:refresh': async () => {
      await need().refresh()
      return need().snapshot()
    }
  }
}
