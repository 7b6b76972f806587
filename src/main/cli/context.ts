import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileSecrets } from '../core/auth/file-secrets'
import type { Secrets } from '../core/auth/secrets'
import { createSession, type Session } from '../core/auth/session'
import { sessionFileStore, type SessionDoc } from '../core/auth/session-store'
import { systemClock } from '../core/clock'
import type { LocalizedText } from '../core/http/errors'
import { createMediaClient } from '../core/media/client'
import type { DocumentStore } from '../core/store/json-file'
import type { CommandContext } from './command'

/**
 * The core pieces a CLI command needs, built from the runtime configuration. The service address
 * and client id fall back to those of the stored session, and the client secret to the stored
 * one, so `whoami` and `sign-out` work without repeating the environment of `sign-in`.
 */

/** Personal files wiped at sign-out (settings are kept). Later features add theirs here. */
export const PERSONAL_DATA_FILES = ['schedule.json', 'ledger.json', 'outbox.json', 'inbox.json']

export const NOT_CONFIGURED: LocalizedText = {
  en: 'Onair does not know the service yet: set ONAIR_MEDIA_URL, ONAIR_CLIENT_ID and ONAIR_CLIENT_SECRET (or pass --media-url and --client-id).',
  ja: 'サービスの設定がありません。ONAIR_MEDIA_URL、ONAIR_CLIENT_ID、ONAIR_CLIENT_SECRET を設定してください（または --media-url と --client-id を指定してください）。'
}

export interface CliAccount {
  secrets: Secrets
  store: DocumentStore<SessionDoc>
}

export function openAccount(ctx: CommandContext): CliAccount {
  const report = (r: { path: string; movedTo: string }) =>
    ctx.io.err(ctx.t({ en: `Unreadable file moved aside: ${r.movedTo}`, ja: `読み取れないファイルを退避しました: ${r.movedTo}` }))
  return { secrets: fileSecrets(ctx.config.dataDir, report), store: sessionFileStore(ctx.config.dataDir, report) }
}

/** Undefined when the service is not configured; the caller explains with NOT_CONFIGURED. */
export function openSession(ctx: CommandContext, account: CliAccount = openAccount(ctx)): Session | undefined {
  const stored = account.store.read().session
  const mediaUrl = ctx.config.mediaUrl ?? stored?.mediaUrl
  const clientId = ctx.config.clientId ?? stored?.clientId
  if (!mediaUrl || !clientId) return undefined
  return createSession({
    media: createMediaClient({ baseUrl: mediaUrl, token: () => account.secrets.get('mediaAccessToken'), clock: systemClock }),
    mediaUrl,
    clientId,
    clientSecret: () => ctx.config.clientSecret?.reveal() ?? account.secrets.get('mediaClientSecret'),
    secrets: account.secrets,
    store: account.store,
    clock: systemClock,
    openBrowser: (url) => ctx.io.openBrowser(url),
    locale: () => ctx.locale,
    redirectPort: ctx.config.redirectPort,
    wipePersonalData: () => {
      for (const name of PERSONAL_DATA_FILES) rmSync(join(ctx.config.dataDir, name), { force: true })
    }
  })
}
