import type { Settings } from '../../../shared/settings'
import { inboxPollSwitch } from './poller'
import { receiverSwitch, RECEIVER_OFF, type ReceiverSwitchOptions } from './receiver-switch'

/**
 * The inbox's own switches: its poll (`inbox.cron`) and its webhook receiver (`inbox.webhook`)
 * follow the settings while the services run, and are off before `start` and after `stop`.
 */
export interface InboxSwitches {
  start(settings: Settings): Promise<void>
  /** A settings change; resolves once the receiver is where it says. */
  follow(settings: Settings): Promise<void>
  stop(): Promise<void>
  /** Resolves once the receiver is where the last change wanted it. */
  settled(): Promise<void>
}

/** `cron`: how a schedule ticks (schedule/cron.ts's wallClockCron in the app). */
type Cron = Parameters<typeof inboxPollSwitch>[1]

export function inboxSwitches(o: ReceiverSwitchOptions & { cron: Cron }): InboxSwitches {
  const receiver = receiverSwitch(o)
  const poll = inboxPollSwitch(o.inbox, o.cron)
  let running = false
  const follow = (settings: Settings): Promise<void> => {
    poll(running ? settings.inbox.cron : '')
    return receiver.sync(running ? settings.inbox.webhook : RECEIVER_OFF)
  }
  return {
    start(settings) {
      running = true
      return follow(settings)
    },
    follow,
    stop() {
      running = false
      poll('')
      return receiver.sync(RECEIVER_OFF)
    },
    settled: () => receiver.settled()
  }
}
