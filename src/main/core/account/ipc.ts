import type { AuthStatus, Handlers, SettingsPatch } from '../../../shared/contract'
import { UPDATABLE_SECTIONS } from '../../../shared/contract/settings'
import { SettingsSchema, type Settings } from '../../../shared/settings'
import type { Account } from './account'
import { replacedAddresses, type AddressChange } from './addresses'
import type { SessionInfo } from '../auth/session'
import { UserErrorException } from '../user-error'
import { validateCron } from '../programs/cron'
import type { DocumentStore } from '../store/document'

/**
 * The `auth:*` and `settings:*` handlers. Nothing returned here carries a token or the client
 * secret: outputs are built field by field from the account, never by passing a stored object
 * through.
 */
type AccountCommand = Extract<keyof Handlers, `auth:${string}` | `settings:${string}`>

const NEEDS_CONSENT = {
  en: 'This computer cannot encrypt saved secrets. Confirm that Onair may store them unencrypted, readable by your user account, or use another computer.',
  ja: 'このコンピューターでは保存する秘密情報を暗号化できません。暗号化せずに（あなたのユーザーアカウントから読める状態で）保存してよいか確認してください。'
}

const INVALID_SETTINGS = {
  en: 'That setting value is not allowed; nothing was changed.',
  ja: 'その設定値は使えません。何も変更していません。'
}

function toInfo(info: SessionInfo) {
  const { user, scopes, canWrite, writeHint, replacedTokenKept, othersWaiting } = info
  return {
    user: { id: user.id, username: user.username, name: user.name },
    scopes,
    canWrite,
    ...(writeHint ? { writeHint } : {}),
    ...(replacedTokenKept ? { replacedTokenKept } : {}),
    ...(othersWaiting ? { othersWaiting } : {})
  }
}

export function accountStatus(account: Account): AuthStatus {
  const services = account.services()
  const info = account.session()?.info() ?? null
  return {
    configured: account.configured(),
    // A token the service stopped accepting is kept (the outbox waits for it) but is no sign-in.
    signedIn: info !== null && account.monitor.state() === 'signed-in',
    session: info && toInfo(info),
    services: {
      mediaUrl: services.mediaUrl,
      wikiUrl: services.wikiUrl,
      clientId: account.usesBuildClient() ? '' : services.clientId,
      redirectPort: services.redirectPort,
      hasClientSecret: account.hasClientSecret()
    },
    secretsProtection: { encrypted: account.secrets.encryptionAvailable(), description: account.secrets.describe() },
    wiki: account.wikiStatus()
  }
}

/**
 * A cron expression is more than a string: the schema lets any text through, the scheduler (programs/cron.ts) decides.
 * Only the sections the patch touches are checked, so an old bad file never blocks other changes
 * (the pollers fall back to their defaults for it). The code names the section, for the view.
 */
function checkCron(patch: SettingsPatch): void {
  for (const name of ['poll', 'inbox'] as const) {
    const cron = patch[name]?.cron
    if (cron === undefined) continue
    const check = typeof cron === 'string' ? validateCron(cron) : ({ ok: false, message: INVALID_SETTINGS } as const)
    if (!check.ok) throw new UserErrorException(`invalid-cron-${name}`, check.message)
  }
}

export function mergeSettings(current: Settings, patch: SettingsPatch): Settings {
  checkCron(patch)
  const merged: Record<string, unknown> = { ...current }
  for (const name of UPDATABLE_SECTIONS) {
    const part = patch[name]
    if (part) merged[name] = { ...current[name], ...part }
  }
  const parsed = SettingsSchema.safeParse(merged)
  if (!parsed.success) throw new UserErrorException('invalid-settings', INVALID_SETTINGS)
  return parsed.data
}

/**
 * The app's services apply some writes in the background (the webhook receiver starts or stops);
 * the update's reply waits for that, so the view's next `inbox:webhookInfo` already tells the truth.
 */
type SettingsStore = DocumentStore<Settings> & { settled?(): Promise<void> }

/** Asks the user, outside the window, whether these addresses may replace the ones in use. */
export type ConfirmAddressChange = (changes: AddressChange[]) => Promise<boolean>

const ADDRESS_KEPT = {
  en: 'The service address was not changed.',
  ja: 'サービスのアドレスは変更していません。'
}

export function accountHandlers(
  account: Account,
  settings: SettingsStore,
  confirmAddressChange: ConfirmAddressChange
): Pick<Handlers, AccountCommand> {
  /**
   * Where no credential store is reachable, nothing secret is stored without the user's yes; the
   * yes chooses the folder's plain file (`secrets.storage`), which `onair` and `onair run` follow.
   */
  const consent = (allowUnencrypted: boolean | undefined): Account => {
    if (account.secrets.encryptionAvailable()) return account
    if (allowUnencrypted !== true) throw new UserErrorException('needs-consent', NEEDS_CONSENT, 'confirm-unencrypted')
    if (settings.read().secrets.storage !== 'file')
      settings.update((s) => ({ ...s, secrets: { ...s.secrets, storage: 'file' } }))
    return account
  }

  return {
    'auth:status': async () => accountStatus(account),
    'auth:saveServices': async ({ allowUnencrypted, ...update }) => {
      const a = update.clientSecret === undefined ? account : consent(allowUnencrypted)
      // A script in the page must not be able to point Onair elsewhere by itself.
      const changes = replacedAddresses(a.services(), update)
      if (changes.length > 0 && !(await confirmAddressChange(changes)))
        throw new UserErrorException('address-not-confirmed', ADDRESS_KEPT)
      await a.saveServices(update)
      return accountStatus(a)
    },
    'auth:signIn': async (input) => {
      const pending = await consent(input?.allowUnencrypted).startBrowserSignIn({ readOnly: input?.readOnly })
      return toInfo(await pending.done)
    },
    'auth:cancelSignIn': async () => account.cancelSignIn(),
    'auth:startOob': async (input) => ({ url: await account.startOobSignIn({ readOnly: input?.readOnly }) }),
    'auth:completeOob': async ({ code, allowUnencrypted }) =>
      toInfo(await consent(allowUnencrypted).completeOobSignIn(code)),
    'auth:pasteToken': async ({ token, allowUnencrypted }) =>
      toInfo(await consent(allowUnencrypted).signInWithToken(token)),
    'auth:signOut': async ({ discardOutbox }) => account.signOut({ discardOutbox }),
    'auth:setWikiToken': async ({ token, allowUnencrypted }) => {
      const a = consent(allowUnencrypted)
      await a.setWikiToken(token)
      return accountStatus(a)
    },
    'settings:get': async () => settings.read(),
    'settings:update': async (patch) => {
      const next = settings.update((current) => mergeSettings(current, patch))
      await settings.settled?.()
      return next
    }
  }
}
