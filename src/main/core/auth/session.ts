import type { SessionInfo as SessionView } from '../../../shared/contract'
import type { Locale, LocalizedText } from '../../../shared/locale'
import type { Clock } from '../clock'
import { ApiError } from '../http/errors'
import type { MediaClient } from '../media/client'
import { OOB_REDIRECT_URI } from '../media/oauth'
import { accountKey, type DocumentStore } from '../store/document'
import { AuthError } from './errors'
import { createLoopbackAuthorizer, toAuthError, type LoopbackAuthorizer } from './loopback'
import { createSessionMonitor, type SessionMonitor } from './monitor'
import { newFlowSecrets, type FlowSecrets } from './pkce'
import type { BoundSecret } from './bound-secrets'
import type { SessionDoc, SessionRecord } from './session-store'
import { READ_ONLY, REPLACED_TOKEN_KEPT, signOutMessage } from './session-words'

/**
 * The signed-in account: the three ways in (loopback, OOB code, pasted token), what the token may
 * do, and the way out. Every way in ends in `establish`, which checks the token with
 * `/oauth/token/info` before anything is saved.
 *
 * Identity: the service has no "me" endpoint, and none of the read endpoints Onair uses (works,
 * programs) carries the user. So `user.id` is the token's `resource_owner_id`, and username/name
 * stay null until a record of that user comes back from the service (`rememberUser`, fed by
 * whoever creates records).
 */
export const REQUESTED_SCOPES = ['read', 'write'] as const
/**
 * For an application registered "read only": Doorkeeper grants only the scopes an application is
 * registered with, and for any other it shows its own error page instead of sending the browser
 * back (authorizations_controller.rb `render :error`), so asking such a registration for `write`
 * can never succeed.
 */
export const READ_ONLY_SCOPES = ['read'] as const

export interface SignInOptions {
  /** Ask for `read` alone. */
  readOnly?: boolean
}

/** What the window is shown, and whether the token this sign-in replaced is still valid at the service. */
export type SessionInfo = SessionView & { replacedTokenKept?: LocalizedText; othersWaiting?: LocalizedText }

export interface SignOutResult {
  /** False when the service could not be told; the token was still forgotten here. */
  revoked: boolean
  message: LocalizedText
}

export type OAuthClient = Pick<MediaClient, 'authorizeUrl' | 'exchangeCode' | 'tokenInfo' | 'revoke'>

export interface SessionDeps {
  media: OAuthClient
  mediaUrl: string
  clientId: string
  /** Needed for the code exchange and for revoking; read when used. */
  clientSecret: () => string | undefined
  /** The access token, kept for `mediaUrl`'s origin only. */
  accessToken: BoundSecret
  store: DocumentStore<SessionDoc>
  clock: Clock
  openBrowser: (url: string) => Promise<void> | void
  locale: () => Locale
  /** Schedule cache, notified ledger, outbox…: everything personal except settings. */
  /** What other accounts of the folder still have waiting to be sent, told after a sign-in. */
  othersWaiting?: () => LocalizedText | undefined
  /** Deletes the signed-out account's personal documents (its key: store/document.ts accountKey). */
  wipePersonalData: (account: string) => Promise<void> | void
  redirectPort?: number
  monitor?: SessionMonitor
}

export interface PendingBrowserSignIn {
  url: string
  done: Promise<SessionInfo>
}

export interface Session {
  readonly monitor: SessionMonitor
  info(): SessionInfo | null
  /** For the media client's `token` option. */
  accessToken(): string | undefined
  /** Resolves once the callback server listens; open `url` yourself if the browser did not. */
  startBrowserSignIn(opts?: SignInOptions): Promise<PendingBrowserSignIn>
  cancelSignIn(): void
  /** Returns the URL whose page shows the code to paste into `completeOobSignIn`. */
  startOobSignIn(opts?: SignInOptions): string
  completeOobSignIn(code: string): Promise<SessionInfo>
  signInWithToken(token: string): Promise<SessionInfo>
  /** Asks the service again (scopes may have changed, the token may be revoked). */
  refresh(): Promise<SessionInfo>
  rememberUser(user: { id: number; username?: string; name?: string }): void
  /** Call only once the user confirmed the outbox is empty or may be discarded. */
  signOut(): Promise<SignOutResult>
}

export function sessionInfo(record: SessionRecord): SessionInfo {
  const canWrite = record.scopes.includes('write')
  const info: SessionInfo = { user: record.user, scopes: record.scopes, canWrite }
  if (!canWrite) info.writeHint = { message: READ_ONLY, action: 'sign-in-with-write' }
  return info
}

export function createSession(deps: SessionDeps): Session {
  const current = (): SessionRecord | null => {
    const s = deps.store.read().session
    // A session for another service address, or one whose token is gone, is no session.
    if (!s || s.mediaUrl !== deps.mediaUrl || deps.accessToken.get() === undefined) return null
    return s
  }
  const monitor = deps.monitor ?? createSessionMonitor(current() ? 'signed-in' : 'signed-out')
  let oob: FlowSecrets | undefined
  let scope: readonly string[] = REQUESTED_SCOPES
  const scopesFor = (opts?: SignInOptions): readonly string[] => (opts?.readOnly ? READ_ONLY_SCOPES : REQUESTED_SCOPES)

  const requireSecret = (): string => {
    const s = deps.clientSecret()
    if (!s) throw new AuthError('not_configured')
    return s
  }

  async function establish(token: string, invalidCode: 'invalid_token' | 'exchange_failed'): Promise<SessionInfo> {
    let info
    try {
      info = await deps.media.tokenInfo(token)
    } catch (e) {
      throw toAuthError(e, invalidCode === 'invalid_token' ? 'invalid_token' : 'exchange_failed')
    }
    const userId = info.resourceOwnerId
    if (userId === null) throw new AuthError('no_user')
    const previous = deps.store.read().session
    const keepNames = previous?.user.id === userId ? previous.user : undefined
    const record: SessionRecord = {
      mediaUrl: deps.mediaUrl,
      clientId: deps.clientId,
      user: { id: userId, username: keepNames?.username ?? null, name: keepNames?.name ?? null },
      scopes: info.scopes,
      signedInAt: deps.clock.now()
    }
    // Only the same user's token is revoked: another user's stays theirs (their records wait for them).
    const replaced = current() && previous?.user.id === userId ? deps.accessToken.get() : undefined
    await deps.accessToken.set(token)
    deps.store.write({ session: record })
    monitor.markSignedIn()
    const signedIn = sessionInfo(record)
    if (replaced !== undefined && replaced !== token && !(await revoke(replaced)))
      signedIn.replacedTokenKept = REPLACED_TOKEN_KEPT
    const othersWaiting = deps.othersWaiting?.()
    if (othersWaiting) signedIn.othersWaiting = othersWaiting
    return signedIn
  }

  /**
   * Tokens never expire at the service, so one that is signed out or replaced by a new sign-in is
   * revoked, once the change is saved here. A failure there (offline, refused) undoes nothing: the
   * token is already forgotten here, and the user is told they can revoke it in the service's settings.
   */
  async function revoke(token: string): Promise<boolean> {
    const clientSecret = deps.clientSecret()
    if (!clientSecret) return false
    try {
      await deps.media.revoke({ clientId: deps.clientId, clientSecret, token })
      return true
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      return false
    }
  }

  const exchange = async (code: string, redirectUri: string, codeVerifier: string): Promise<string> => {
    const clientSecret = requireSecret()
    try {
      const t = await deps.media.exchangeCode({
        clientId: deps.clientId,
        clientSecret,
        redirectUri,
        code,
        codeVerifier
      })
      return t.accessToken
    } catch (e) {
      throw toAuthError(e, 'exchange_failed')
    }
  }

  const loopback: LoopbackAuthorizer<SessionInfo> = createLoopbackAuthorizer({
    clock: deps.clock,
    openBrowser: deps.openBrowser,
    locale: deps.locale,
    port: deps.redirectPort,
    authorizeUrl: (p) => deps.media.authorizeUrl({ clientId: deps.clientId, scope, ...p }),
    exchange: async (p) => establish(await exchange(p.code, p.redirectUri, p.codeVerifier), 'exchange_failed')
  })

  return {
    monitor,
    info: () => {
      const s = current()
      return s ? sessionInfo(s) : null
    },
    accessToken: () => deps.accessToken.get(),
    async startBrowserSignIn(opts) {
      requireSecret()
      scope = scopesFor(opts)
      const pending = await loopback.start()
      return { url: pending.url, done: pending.done }
    },
    cancelSignIn: () => loopback.cancel(),
    startOobSignIn(opts) {
      requireSecret()
      oob = newFlowSecrets()
      return deps.media.authorizeUrl({
        clientId: deps.clientId,
        redirectUri: OOB_REDIRECT_URI,
        scope: scopesFor(opts),
        state: oob.state,
        codeChallenge: oob.codeChallenge
      })
    },
    async completeOobSignIn(code) {
      const flow = oob
      if (!flow) throw new AuthError('cancelled')
      const trimmed = code.trim()
      if (trimmed === '') throw new AuthError('missing_code')
      const token = await exchange(trimmed, OOB_REDIRECT_URI, flow.codeVerifier)
      oob = undefined
      return establish(token, 'exchange_failed')
    },
    async signInWithToken(token) {
      const trimmed = token.trim()
      if (trimmed === '') throw new AuthError('invalid_token')
      return establish(trimmed, 'invalid_token')
    },
    async refresh() {
      const token = deps.accessToken.get()
      const record = current()
      if (!record || !token) throw new AuthError('not_signed_in')
      let info
      try {
        info = await deps.media.tokenInfo(token)
      } catch (e) {
        const error = toAuthError(e, 'invalid_token')
        // The same one-time transition any other request would cause.
        if (error.cause instanceof ApiError) monitor.report(error.cause)
        throw error
      }
      // Asking never changes who is signed in (another process may have signed in since this one
      // read its token): only the scopes of this very sign-in are brought up to date.
      if (info.resourceOwnerId !== record.user.id) return sessionInfo(record)
      const scopes = info.scopes
      deps.store.update((doc) =>
        doc.session?.signedInAt === record.signedInAt ? { session: { ...doc.session, scopes } } : doc
      )
      return sessionInfo({ ...record, scopes })
    },
    rememberUser(user) {
      deps.store.update((doc) => {
        const s = doc.session
        if (!s || s.user.id !== user.id) return doc
        const next = { id: s.user.id, username: user.username ?? s.user.username, name: user.name ?? s.user.name }
        return { session: { ...s, user: next } }
      })
    },
    async signOut() {
      const token = deps.accessToken.get()
      const before = deps.store.read()
      const signedOut = before.session
      // This computer first: a write the file system refuses (a full disk), or a credential store
      // that is locked, then ends the sign-out with nothing changed anywhere, the token still
      // valid, and the user can simply try again.
      deps.store.write({ session: null })
      try {
        await deps.accessToken.delete()
      } catch (e) {
        deps.store.write(before)
        throw e
      }
      if (signedOut) await deps.wipePersonalData(accountKey(signedOut))
      monitor.markSignedOut()
      const revoked = token !== undefined && (await revoke(token))
      return { revoked, message: signOutMessage(revoked, token !== undefined) }
    }
  }
}
