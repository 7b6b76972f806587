import { net, powerMonitor } from 'electron'
import type { ReminderService } from '../core/schedule/reminders'

/** How often the network state is sampled; Electron has no "online" event in the main process. */
const NETWORK_CHECK_MS = 15_000

/**
 * Sleep and network events for the reminder service: on resume it re-plans (missed reminders
 * become one summary) and polls; when the network comes back it polls at once instead of
 * waiting out the backoff. Returns the function that stops watching.
 */
export function watchPowerAndNetwork(reminders: ReminderService): () => void {
  const onResume = () => void reminders.resume()
  powerMonitor.on('resume', onResume)
  let online = net.isOnline()
  const timer = setInterval(() => {
    const now = net.isOnline()
    if (now && !online) void reminders.networkBack()
    online = now
  }, NETWORK_CHECK_MS)
  return () => {
    powerMonitor.off('resume', onResume)
    clearInterval(timer)
  }
}
