import { createAccount, type Account } from '../core/account'
import { personalDataWiper } from '../core/account/personal-data'
import { fileSecrets } from '../core/auth/file-secrets'
import type { Secrets } from '../core/auth/secrets'
import type { Session } from '../core/auth/session'
import { sessionFileStore, type SessionDoc } from '../core/auth/session-store'
import { systemClock } from '../core/clock'
import { openRecords, type RecordsCore } from '../core/records'
import type { LocalizedText } from '../core/http/errors'
import { describeCorruptFile, memoryStore, type CorruptFileReport, type DocumentStore } from '../core/store/json-file'
import { settingsFileStore } from '../core/store/settings'
import type { CommandContext } from './command'

/**
 * The core pieces a CLI command needs: the same account composition as the app, fed by the
 * runtime configuration. Each service setting comes from flags/env, else the app's settings file,
 * else the stored session, and the client secret from the environment, else the stored one, so
 * `whoami` and `sign-out` work without repeating the environment of `sign-in`. The CLI never
 * writes settings: its view of them is an in-memory copy.
 */

export const NOT_CONFIGURED: LocalizedText = {
  en: 'Onair does not know the service yet: set ONAIR_MEDIA_URL, ONAIR_CLIENT_ID and ONAIR_CLIENT_SECRET (or pass --media-url and --client-id).',
  ja: 'サービスの設定がありません。ONAIR_MEDIA_URL、ONAIR_CLIENT_ID、ONAIR_CLIENT_SECRET を設定してください（または --media-url と --client-id を指定してください）。'
}

export interface CliAccount {
  account: Account
  secrets: Secrets
  store: DocumentStore<SessionDoc>
}

export function openAccount(ctx: CommandContext): CliAccount {
  const { config } = ctx
  const report = movedAside(ctx)
  const secrets = fileSecrets(config.dataDir, report)
  const store = sessionFileStore(config.dataDir, report)
  const saved = settingsFileStore(config.dataDir, report).read()
  const stored = store.read().session
  const services = {
    mediaUrl: config.mediaUrl ?? (saved.services.mediaUrl || stored?.mediaUrl) ?? '',
    wikiUrl: config.wikiUrl ?? saved.services.wikiUrl,
    clientId: config.clientId ?? (saved.services.clientId || stored?.clientId) ?? '',
    redirectPort: config.redirectPort ?? saved.services.redirectPort
  }
  const account = createAccount({
    settings: memoryStore({ ...saved, services }),
    secrets,
    sessionStore: store,
    clock: systemClock,
    openBrowser: (url) => ctx.io.openBrowser(url),
    locale: () => ctx.locale,
    wipePersonalData: personalDataWiper(config.dataDir),
    overrides: { clientSecret: () => config.clientSecret?.reveal(), wikiToken: () => config.wikiToken?.reveal() }
  })
  return { account, secrets, store }
}

export function movedAside(ctx: CommandContext) {
  return (r: CorruptFileReport) => ctx.io.err(ctx.t(describeCorruptFile(r)))
}

/** The outbox and works view over this account; not started, so merely listing sends nothing. */
export function openCliRecords(ctx: CommandContext, cli: CliAccount = openAccount(ctx)): RecordsCore {
  const media = () => cli.account.media()
  return openRecords({
    dataDir: ctx.config.dataDir,
    media,
    monitor: cli.account.monitor,
    clock: systemClock,
    onCorrupt: movedAside(ctx)
  })
}

/** Null when the service is not configured; the caller explains with NOT_CONFIGURED. */
export function openSession(ctx: CommandContext, cli: CliAccount = openAccount(ctx)): Session | undefined {
  return cli.account.session() ?? undefined
}
