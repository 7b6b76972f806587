import { ManualClock } from '../../support/manual-clock'
import { freedesktopNotifier } from '../../../src/main/core/freedesktop-notifier'
import { memoryNotifier, type NativeNotification } from '../../../src/main/core/notify'

/** A reminder as the scheduler describes it, with text a markup server must not read as markup. */
export const reminder: NativeNotification = {
  id: 'reminder:1:10',
  title: 'Fish & Chips',
  body: 'Ep. 3 <i>live</i> in 10 min',
  target: { kind: 'record', programId: 1 },
  reminder: { key: '1:10', programId: 1, startedAt: '2026-03-28T00:00:00.000Z', offsetMinutes: 10 }
}

/**
 * Onair's D-Bus notifier on the session bus `env`, its presses, clicks and fallbacks written down;
 * `everyClick: false` as `onair run` makes it (no window: only a program's notification opens
 * anything, in the app).
 */
export function notifier(env: Record<string, string | undefined>, everyClick = true) {
  const fallback = memoryNotifier()
  const presses: string[] = []
  const clicks: string[] = []
  /** Why notifications went the plain way, as the log says it. */
  const plain: string[] = []
  /** What the fallback was told the server reads. */
  let capabilities: () => ReadonlySet<string> | undefined = () => undefined
  const clock = new ManualClock()
  const n = freedesktopNotifier({
    env,
    clock,
    appName: 'Onair',
    icon: '/opt/Onair/resources/icon.png',
    buttons: (shown) =>
      shown.reminder
        ? [
            { id: 'watched', text: 'Watched' },
            { id: 'snooze', text: 'Snooze 5 min' }
          ]
        : [],
    onAction: (button, shown) => presses.push(`${button}:${shown.id}`),
    onClick: (shown) => clicks.push(shown.id),
    ...(everyClick ? {} : { clickable: (shown: NativeNotification) => shown.target?.kind === 'record' }),
    fallback: (known) => ((capabilities = known), fallback),
    onPlain: (reason) => plain.push(reason.en),
    clickText: () => 'Open in Onair'
  })
  return { n, fallback, presses, clicks, plain, clock, capabilities: () => capabilities() }
}
