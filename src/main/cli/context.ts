import type { LocalizedText } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import type { Account } from '../core/account/account'
import { folderAccount } from '../core/account/folder-account'
import type { FetchLike } from '../core/http/node-fetch'
import { folderSecrets, type FolderSecrets } from '../core/auth/folder-secrets'
import { sessionFileStore, type SessionDoc, type SessionRecord } from '../core/auth/session-store'
import { AuthError } from '../core/auth/errors'
import { ADDRESS_CHANGED } from '../core/account/addresses'
import { openRecords, type RecordsCore } from '../core/records'
import { memoryStore, type DocumentStore } from '../core/store/document'
import { settingsFileStore } from '../core/store/settings'
import type { RuntimeConfig } from '../core/config'
import type { GivenSecret } from '../core/auth/bound-secrets'
import type { SecretValue } from '../core/auth/secret-value'
import type { CommandContext } from './command'
import { movedAside } from './moved-aside'
import { cliNetwork } from './network'

/**
 * The core pieces a CLI command needs: the same account composition as the app, fed by the
 * runtime configuration. Each service setting comes from flags/env, else the app's settings file,
 * else the stored session, and the client secret from the environment, else the stored one, so
 * `whoami` and `sign-out` work without repeating the environment of `sign-in`. The CLI never
 * writes settings: its view of them is an in-memory copy (but for the choice of the plain secrets
 * file, which follows the folder's settings as they are now).
 */

export interface CliAccount {
  account: Account
  secrets: FolderSecrets
  store: DocumentStore<SessionDoc>
}

/** The account with its secrets not read yet: for what needs none (the outbox's list, an address). */
export function openAccount(ctx: CommandContext): CliAccount {
  return accountOver(ctx, folderSecretsOf(ctx))
}

/**
 * The account with its secrets read from the folder's store first (so it starts signed in); rejects
 * with SecretsUnavailable (what to do, in the user's words) when the credential store cannot be
 * reached or is locked.
 */
export async function readAccount(ctx: CommandContext): Promise<CliAccount> {
  const secrets = folderSecretsOf(ctx)
  await secrets.reload()
  return accountOver(ctx, secrets)
}

const folderSecretsOf = (ctx: CommandContext): FolderSecrets => {
  const settingsFile = settingsFileStore(ctx.config.dataDir, movedAside(ctx))
  return folderSecrets(ctx.config.dataDir, () => settingsFile.read().secrets.storage)
}

function accountOver(ctx: CommandContext, secrets: FolderSecrets): CliAccount {
  const { config } = ctx
  const report = movedAside(ctx)
  const settingsFile = settingsFileStore(config.dataDir, report)
  const store = sessionFileStore(config.dataDir, report)
  const saved = settingsFile.read()
  const services = servicesInUse(config, saved, store.read().session)
  const account = folderAccount(config.dataDir, {
    settings: memoryStore({ ...saved, services }),
    secrets,
    sessionStore: store,
    clock: ctx.clock,
    fetch: networkOf(ctx),
    openBrowser: (url) => ctx.io.openBrowser(url),
    locale: () => ctx.locale,
    // resolveConfig takes a secret from the environment only with its address beside it.
    overrides: {
      clientSecret: given(config.mediaUrl, config.clientSecret),
      wikiToken: given(config.wikiUrl, config.wikiToken)
    }
  })
  return { account, secrets, store }
}

/**
 * One way to the network per environment, i.e. per process (its agents keep their connections),
 * over node:http instead of the global fetch, whose undici would stay resident in the daemon
 * (node-fetch.ts). What the user should fix in their proxy or certificate settings is said once.
 */
const networks = new WeakMap<CommandContext['io']['env'], FetchLike>()
function networkOf(ctx: CommandContext): FetchLike {
  const known = networks.get(ctx.io.env)
  if (known) return known
  const made = cliNetwork(ctx.io.env)
  for (const note of made.notes) ctx.io.err(ctx.t(note))
  networks.set(ctx.io.env, made.fetch)
  return made.fetch
}

const given = (address: string | undefined, value: SecretValue | undefined): GivenSecret | undefined =>
  address && value ? { address, reveal: () => value.reveal() } : undefined

function servicesInUse(config: RuntimeConfig, saved: Settings, stored: SessionRecord | null): Settings['services'] {
  return {
    mediaUrl: config.mediaUrl ?? (saved.services.mediaUrl || stored?.mediaUrl) ?? '',
    wikiUrl: config.wikiUrl ?? saved.services.wikiUrl,
    clientId: config.clientId ?? (saved.services.clientId || stored?.clientId) ?? '',
    redirectPort: config.redirectPort ?? saved.services.redirectPort
  }
}

/**
 * Why a command finds no sign-in although one is saved: the saved one belongs to another service
 * address than the one this command uses (a flag, ONAIR_MEDIA_URL or the app's settings point
 * elsewhere). Undefined when that is not the reason.
 */
export function signedInElsewhere(ctx: CommandContext): LocalizedText | undefined {
  const { dataDir } = ctx.config
  const stored = sessionFileStore(dataDir).read().session
  if (!stored) return undefined
  const inUse = servicesInUse(ctx.config, settingsFileStore(dataDir).read(), stored).mediaUrl
  if (!inUse || inUse === stored.mediaUrl) return undefined
  return {
    en: `${ADDRESS_CHANGED.en} Signed in to ${stored.mediaUrl}; this command is using ${inUse} (from --media-url, ONAIR_MEDIA_URL or the app's settings). Use ${stored.mediaUrl}, or sign in to ${inUse} with "onair sign-in".`,
    ja: `${ADDRESS_CHANGED.ja}${stored.mediaUrl} にサインインしていますが、このコマンドは ${inUse} を使っています（--media-url、ONAIR_MEDIA_URL、またはアプリの設定）。${stored.mediaUrl} を使うか、「onair sign-in」で ${inUse} にサインインしてください。`
  }
}

/** The outbox and works view over this account; not started, so merely listing sends nothing. */
export function openCliRecords(ctx: CommandContext, cli: CliAccount = openAccount(ctx)): RecordsCore {
  const media = () => cli.account.media()
  return openRecords({
    dataDir: ctx.config.dataDir,
    media,
    monitor: cli.account.monitor,
    clock: ctx.clock,
    onCorrupt: movedAside(ctx)
  })
}

/** Throws AuthError `not_configured` (or `not_signed_in`) when there is nothing to poll with. */
export async function signedInAccount(ctx: CommandContext): Promise<CliAccount> {
  const cli = await readAccount(ctx)
  const reason = cli.account.signedOutReason()
  if (!cli.account.session()) throw new AuthError('not_configured', reason && { message: reason })
  if (cli.account.monitor.state() !== 'signed-in') throw new AuthError('not_signed_in', reason && { message: reason })
  return cli
}
