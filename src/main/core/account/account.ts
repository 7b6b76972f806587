import type { ServicesInput } from '../../../shared/contract'
import type { Locale, LocalizedText } from '../../../shared/locale'
import type { FetchLike } from '../http/node-fetch'
import type { Settings } from '../../../shared/settings'
import { usableServices } from './addresses'
import { accountSecrets } from './account-secrets'
import { boundSecret, rereadToken, type GivenSecret } from '../auth/bound-secrets'
import { AuthError } from '../auth/errors'
import { createSessionMonitor, type SessionMonitor } from '../auth/monitor'
import { usesBuildClient, withBuildClient, type BuildClient } from '../auth/build-client'
import type { Secrets } from '../auth/secrets'
import {
  createSession,
  type PendingBrowserSignIn,
  type SignInOptions,
  type Session,
  type SessionInfo,
  type SignOutResult
} from '../auth/session'
import type { SessionDoc } from '../auth/session-store'
import { verifyWikiToken } from '../auth/wiki-token'
import type { Clock } from '../clock'
import { createMediaClient, type MediaClient } from '../media/client'
import type { DocumentStore } from '../store/document'
import { createWikiClient, type WikiClient } from '../wiki/client'

/**
 * The one composition of "who we are at the services", shared by the app and the CLI: the current
 * Session (rebuilt when the service settings change), ONE SessionMonitor for the whole app, and the
 * media and wiki clients. Reminders, the outbox and the inbox take their clients and the monitor
 * from here and report request failures with `account.monitor.guard(...)`.
 *
 * Secrets (tokens, client secret) live only in `Secrets`, each bound to the origin it was given for
 * (`auth/bound-secrets.ts`); the settings document holds addresses and the client id, which are not
 * secret. A saved address that breaks the address rule is never used (`account/addresses.ts`).
 */
export type Services = Settings['services']

/** As the Services view sends it (a client secret left out keeps the stored one). */
export type ServicesUpdate = Omit<ServicesInput, 'allowUnencrypted'>

export interface AccountDeps {
  settings: DocumentStore<Settings>
  secrets: Secrets
  sessionStore: DocumentStore<SessionDoc>
  clock: Clock
  openBrowser: (url: string) => Promise<void> | void
  locale: () => Locale
  /**
   * Deletes personal data (schedule, ledger, inbox; the outbox only when `discardOutbox`), never
   * settings. Called at every sign-out.
   */
  wipePersonalData: (opts: { discardOutbox: boolean; account: string }) => Promise<void> | void
  /** Other accounts' records still waiting in the folder, told after a sign-in. */
  othersWaiting?: () => LocalizedText | undefined
  /**
   * The headless faces take these from the environment, each with the address given beside it;
   * they win over stored ones at that address, go nowhere else, and are never stored.
   */
  overrides?: { clientSecret?: GivenSecret; wikiToken?: GivenSecret }
  fetch?: FetchLike
  /** The OAuth client this build carries (auth/build-client.ts), used while the user names none. */
  buildClient?: BuildClient
}

export interface AccountChange {
  signedIn: boolean
  /** Present when the service stopped accepting the token. */
  reason?: LocalizedText
}

export interface Account {
  readonly monitor: SessionMonitor
  readonly secrets: Secrets
  services(): Services
  /** Media address, client id and client secret are known: signing in can start. */
  configured(): boolean
  /**
   * Why there is no sign-in (or wiki token) although one was made, in the user's words: a saved
   * address is refused, or what is kept belongs to another address than the one now set.
   */
  signedOutReason(service?: 'media' | 'wiki'): LocalizedText | undefined
  hasClientSecret(): boolean
  /** The services in use are the build's client, whose id the window is never shown. */
  usesBuildClient(): boolean
  /** Null until the media address and client id are known. */
  session(): Session | null
  /** Throws AuthError `not_configured` without a media address. */
  media(): MediaClient
  /** Null while the wiki address or token is missing. */
  wiki(): WikiClient | null
  wikiStatus(): { configured: boolean; hasToken: boolean }
  saveServices(update: ServicesUpdate): Promise<void>
  /** Checks the token against the wiki first; nothing is saved when that fails. */
  setWikiToken(token: string): Promise<void>
  startBrowserSignIn(opts?: SignInOptions): Promise<PendingBrowserSignIn>
  cancelSignIn(): void
  /** Opens the browser on the page that shows the code, and returns its URL. */
  startOobSignIn(opts?: SignInOptions): Promise<string>
  completeOobSignIn(code: string): Promise<SessionInfo>
  signInWithToken(token: string): Promise<SessionInfo>
  signOut(opts: { discardOutbox: boolean }): Promise<SignOutResult>
  /**
   * Reads the secrets again (another process may have signed in or out): true when that made this
   * process signed in, whose listeners then hear of it as of a sign-in here.
   */
  reloadSecrets(): Promise<boolean>
  onChange(listener: (change: AccountChange) => void): () => void
}

const WIKI_NOT_CONFIGURED: LocalizedText = {
  en: 'Enter the wiki address in the service settings first; the token was not saved.',
  ja: '先にサービス設定で Wiki のアドレスを入力してください。トークンは保存されていません。'
}

/** What the session depends on; the wiki address is read at each use instead. */
const sessionKey = (s: Services) => JSON.stringify([s.mediaUrl, s.clientId, s.redirectPort])

export function createAccount(deps: AccountDeps): Account {
  const listeners = new Set<(change: AccountChange) => void>()
  const changed = (change: AccountChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  const services = (): Services => withBuildClient(deps.settings.read().services, deps.buildClient)
  const builtIn = () => usesBuildClient(deps.settings.read().services, deps.buildClient)
  /** The saved services minus refused addresses: the only addresses anything is sent to. */
  const usable = (): Services => usableServices(services())
  const { clientSecretAt, clientSecret, wikiToken, signedOutReason, moveSecrets } = accountSecrets({
    ...deps,
    services,
    usable,
    builtIn
  })

  const initial = buildFor(usable())
  let built: { key: string; session: Session | null; media: MediaClient | null } = initial.built
  const monitor = initial.monitor
  monitor.onSignedOut((e) => changed({ signedIn: false, reason: e.reason }))
  // Set by `signOut` for the one call; a direct `session.signOut()` means the caller confirmed.
  let discardOutbox = true

  function buildFor(s: Services, shared?: SessionMonitor) {
    const key = sessionKey(s)
    if (!s.mediaUrl) {
      const monitor = shared ?? createSessionMonitor('signed-out')
      return { built: { key, session: null, media: null }, monitor }
    }
    const accessToken = boundSecret(deps.secrets, 'mediaAccessToken', s.mediaUrl)
    // Only a token issued by this very address is ever sent to it.
    const token = () => (deps.sessionStore.read().session?.mediaUrl === s.mediaUrl ? accessToken.get() : undefined)
    const media = createMediaClient({
      baseUrl: s.mediaUrl,
      token,
      // Refused or missing: another process may have signed in again since this one read it.
      tokenChanged: rereadToken(deps.secrets, token),
      clock: deps.clock,
      fetch: deps.fetch
    })
    const session = s.clientId
      ? createSession({
          media,
          mediaUrl: s.mediaUrl,
          clientId: s.clientId,
          clientSecret: () => clientSecretAt(s.mediaUrl),
          accessToken,
          store: deps.sessionStore,
          clock: deps.clock,
          openBrowser: deps.openBrowser,
          locale: deps.locale,
          redirectPort: s.redirectPort || undefined,
          monitor: shared,
          wipePersonalData: (account) => deps.wipePersonalData({ discardOutbox, account }),
          othersWaiting: deps.othersWaiting
        })
      : null
    const monitor = shared ?? session?.monitor ?? createSessionMonitor('signed-out')
    return { built: { key, session, media }, monitor }
  }

  /** Rebuilds lazily, so a settings change made anywhere takes effect at the next use. */
  const current = () => {
    const s = usable()
    if (sessionKey(s) !== built.key) {
      const wasSignedIn = monitor.state() === 'signed-in'
      built.session?.cancelSignIn()
      built = buildFor(s, monitor).built
      if (built.session?.info()) monitor.markSignedIn()
      else monitor.markSignedOut()
      // Changed under us (a hand-edited file, `onair config`, another process): the user is told.
      const reason = wasSignedIn && monitor.state() === 'signed-out' ? signedOutReason() : undefined
      if (reason) changed({ signedIn: false, reason })
    }
    return built
  }

  const requireSession = (): Session => {
    const session = current().session
    if (!session) throw new AuthError('not_configured')
    return session
  }

  const signedIn = async (p: Promise<SessionInfo>): Promise<SessionInfo> => {
    const info = await p
    changed({ signedIn: true })
    return info
  }

  return {
    monitor,
    secrets: deps.secrets,
    services,
    configured: () => {
      const s = usable()
      return s.mediaUrl !== '' && s.clientId !== '' && clientSecret() !== undefined
    },
    signedOutReason,
    hasClientSecret: () => clientSecret() !== undefined,
    usesBuildClient: builtIn,
    session: () => current().session,
    media() {
      const media = current().media
      if (!media) throw new AuthError('not_configured')
      return media
    },
    wiki() {
      const url = usable().wikiUrl
      if (!url || wikiToken() === undefined) return null
      return createWikiClient({ baseUrl: url, token: wikiToken, fetch: deps.fetch })
    },
    wikiStatus: () => ({ configured: usable().wikiUrl !== '', hasToken: wikiToken() !== undefined }),
    async saveServices(update) {
      const before = services()
      const next: Services = {
        mediaUrl: update.mediaUrl,
        wikiUrl: update.wikiUrl,
        clientId: update.clientId,
        redirectPort: update.redirectPort
      }
      await moveSecrets(before, next, update.clientSecret)
      deps.settings.update((all) => ({ ...all, services: next }))
      const wasSignedIn = monitor.state() === 'signed-in'
      current()
      if (wasSignedIn && monitor.state() === 'signed-out') changed({ signedIn: false })
    },
    async setWikiToken(token) {
      const url = usable().wikiUrl
      if (!url) throw new AuthError('not_configured', { message: WIKI_NOT_CONFIGURED })
      await verifyWikiToken(url, token, deps.fetch)
      await boundSecret(deps.secrets, 'wikiToken', url).set(token.trim())
    },
    startBrowserSignIn: async (opts) => {
      const pending = await requireSession().startBrowserSignIn(opts)
      const done = signedIn(pending.done)
      // A flow replaced by a newer one rejects with nobody waiting; that must not crash the app.
      done.catch(() => undefined)
      return { url: pending.url, done }
    },
    cancelSignIn: () => current().session?.cancelSignIn(),
    async startOobSignIn(opts) {
      const url = requireSession().startOobSignIn(opts)
      await deps.openBrowser(url)
      return url
    },
    completeOobSignIn: (code) => signedIn(requireSession().completeOobSignIn(code)),
    signInWithToken: (token) => signedIn(requireSession().signInWithToken(token)),
    async signOut(opts) {
      const session = current().session
      discardOutbox = opts.discardOutbox
      try {
        if (session) return await session.signOut()
        // Nobody is signed in here: no account's documents to delete.
        return { revoked: false, message: { en: 'Signed out.', ja: 'サインアウトしました。' } }
      } finally {
        discardOutbox = true
        changed({ signedIn: false })
      }
    },
    async reloadSecrets() {
      const wasSignedIn = monitor.state() === 'signed-in'
      await deps.secrets.reload()
      const signedInNow = current().session?.info() != null
      if (wasSignedIn && !signedInNow) {
        monitor.markSignedOut()
        changed({ signedIn: false })
      }
      if (wasSignedIn || !signedInNow) return false
      monitor.markSignedIn()
      changed({ signedIn: true })
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}
