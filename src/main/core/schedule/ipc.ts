import type { Handlers } from '../../../shared/contract'
import type { ReminderService } from './reminders'

/** The `schedule:*` handlers. */
type ScheduleCommand = Extract<keyof Handlers, `schedule:${string}`>

export function scheduleHandlers(reminders: ReminderService): Pick<Handlers, ScheduleCommand> {
  return {
    'schedule:get': async () => reminders.snapshot(),
    'schedule:refresh': async () => {
      await reminders.refresh()
      return reminders.snapshot()
    }
  }
}
