import { app, clipboard } from 'electron'
import type { Locale } from '../../shared/locale'
import type { Secrets } from '../core/auth/secrets'
import type { Clock } from '../core/clock'
import { diagnostics } from '../core/diagnostics/gather'
import type { CorruptFileReport } from '../core/store/json-file'
import type { AppLog } from './log'

/** Settings → About → Copy diagnostics: `onair doctor`'s report with what only the app knows, to the clipboard. */
export function appDiagnostics(deps: {
  dataDir: string
  clock: Clock
  log: AppLog
  secrets: Secrets
  language: () => Locale
  onCorrupt: (r: CorruptFileReport) => void
}) {
  return {
    text: () =>
      diagnostics({
        dataDir: deps.dataDir,
        now: deps.clock.now(),
        versions: {
          onair: app.getVersion(),
          electron: process.versions.electron ?? '',
          chrome: process.versions.chrome ?? '',
          node: process.versions.node
        },
        systemLocale: app.getLocale(),
        locale: deps.language(),
        logFile: deps.log.path,
        secrets: deps.secrets,
        onCorrupt: deps.onCorrupt
      }),
    copy: (text: string) => clipboard.writeText(text)
  }
}
