import { net, powerMonitor } from 'electron'
import { every, type Clock } from '../core/clock'
import type { AppServices } from '../core/services'

/** How often the network state is sampled; Electron has no "online" event in the main process. */
const NETWORK_CHECK_MS = 15_000

/**
 * Sleep and network events for the app's services: on resume the reminders re-plan (missed ones
 * become one summary) and everything polls; when the network comes back the schedule, the
 * outbox and the inbox catch up at once instead of waiting out their backoff. Returns the
 * function that stops watching.
 */
export function watchPowerAndNetwork(services: Pick<AppServices, 'resume' | 'networkBack'>, clock: Clock): () => void {
  const onResume = () => services.resume()
  powerMonitor.on('resume', onResume)
  let online = net.isOnline()
  const stopSampling = every(clock, NETWORK_CHECK_MS, () => {
    const now = net.isOnline()
    if (now && !online) services.networkBack()
    online = now
  })
  return () => {
    powerMonitor.off('resume', onResume)
    stopSampling()
  }
}
