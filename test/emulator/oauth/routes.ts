import type { EmuContext, EmuRequest, EmuResponse, EmuService } from '../types'
import { CODE_LIFETIME_MS, type OAuthState, type PendingAuth, type TokenRow } from './store'
import { redirectUriAllowed } from './redirect'
import { codePage, consentPage, errorPage, redirect, withQuery } from './pages'

/**
 * The OAuth 2.0 endpoints of the media-tracking service, which runs Doorkeeper: authorize page,
 * token exchange, token info and revoke. There are no refresh tokens and tokens never expire. Where
 * the contract is silent, Doorkeeper 5.5 is the reference (its source file named at each rule), and
 * test/unit/emulator/doorkeeper-contract.test.ts compares the answers with a real one.
 */
const OOB = 'urn:ietf:wg:oauth:2.0:oob'
const KNOWN_SCOPES = new Set(['read', 'write'])

function param(req: EmuRequest, name: string): string | undefined {
  const fromBody = req.body?.[name]
  if (typeof fromBody === 'string' && fromBody !== '') return fromBody
  if (typeof fromBody === 'number' || typeof fromBody === 'boolean') return String(fromBody)
  const q = req.query.get(name)
  return q === null || q === '' ? undefined : q
}

/** Doorkeeper's English descriptions (config/locales/en.yml `doorkeeper.errors.messages`). */
const DESCRIPTIONS: Record<string, string> = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
  invalid_redirect_uri: "The requested redirect uri is malformed or doesn't match client redirect URI.",
  unauthorized_client: 'The client is not authorized to perform this request using this method.',
  access_denied: 'The resource owner or authorization server denied the request.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  unsupported_response_type: 'The authorization server does not support this response type.',
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  invalid_token: 'The access token is invalid',
  revoke: 'You are not authorized to revoke this token'
}
const missing = (name: string): string => `Missing required parameter: ${name}.`

/** Doorkeeper's ErrorResponse `status`: 401 for a client error, else 400. */
const errorStatus = (error: string): number =>
  error === 'invalid_client' || error === 'unauthorized_client' ? 401 : 400
/** Doorkeeper 5.6.6+ (the service runs 5.6.9): no `Pragma`, both cache directives. */
const NO_STORE = { 'cache-control': 'no-store, no-cache' }

/**
 * An error of the token and token-info endpoints, with the headers of Doorkeeper's ErrorResponse
 * (lib/doorkeeper/oauth/error_response.rb `headers`, `status`).
 */
function oauthError(error: string, description = DESCRIPTIONS[error] ?? error, status?: number): EmuResponse {
  return {
    status: status ?? errorStatus(error),
    headers: {
      ...NO_STORE,
      'www-authenticate': `Bearer realm="Doorkeeper", error="${error}", error_description="${description}"`
    },
    body: { error, error_description: description }
  }
}

/** Client credentials from the form/JSON body or HTTP Basic, as Doorkeeper accepts both. */
function clientCredentials(req: EmuRequest): { id?: string; secret?: string } {
  const auth = req.headers.authorization ?? ''
  if (/^basic /i.test(auth)) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8')
    const i = decoded.indexOf(':')
    if (i > 0) return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) }
  }
  return { id: param(req, 'client_id'), secret: param(req, 'client_secret') }
}

export function bearerToken(req: EmuRequest): string | undefined {
  const auth = req.headers.authorization ?? ''
  const m = /^bearer\s+(\S+)/i.exec(auth)
  if (m) return m[1]
  return param(req, 'access_token')
}

export function createOAuthService(
  ctx: EmuContext,
  oauth: OAuthState,
  opts: { autoApprove: boolean; userId: number }
): EmuService {
  /**
   * Where the browser goes once the user approved: back to the client with the code and the
   * state, or for OOB to Doorkeeper's page showing the code (code_response.rb `redirect_uri`,
   * authorization/code.rb `oob_redirect`: `/oauth/authorize/native?code=…`).
   */
  function finish(p: PendingAuth): EmuResponse {
    const code = oauth.issueCode({ ...p, userId: opts.userId, createdAt: ctx.now() })
    if (p.redirectUri === OOB) return redirect(`/oauth/authorize/native?code=${encodeURIComponent(code)}`)
    return redirect(withQuery(p.redirectUri, { code, state: p.state }))
  }

  /**
   * Doorkeeper's pre-authorization checks, in its order (pre_authorization.rb `validate`): the
   * error, or what was asked for.
   */
  function preAuthorize(req: EmuRequest): { error: string; description?: string } | PendingAuth {
    const clientId = param(req, 'client_id')
    if (!clientId) return { error: 'invalid_request', description: missing('client_id') }
    const client = oauth.client(clientId)
    if (!client) return { error: 'invalid_client' }
    const redirectUri = param(req, 'redirect_uri')
    if (!redirectUriAllowed(client.redirectUris, redirectUri) || redirectUri === undefined)
      return { error: 'invalid_redirect_uri' }
    const responseType = param(req, 'response_type')
    if (!responseType) return { error: 'invalid_request', description: missing('response_type') }
    if (responseType !== 'code') return { error: 'unsupported_response_type' }
    const scopes = (param(req, 'scope') ?? 'read').split(' ').filter((x) => x !== '')
    // scope_checker.rb: every scope known to the server and registered for the application.
    if (scopes.length === 0 || !scopes.every((x) => KNOWN_SCOPES.has(x) && client.scopes.includes(x)))
      return { error: 'invalid_scope' }
    return { clientId: client.id, redirectUri, scopes, state: param(req, 'state') }
  }

  /**
   * Doorkeeper renders every pre-authorization error as its error page and never sends the browser
   * back (authorizations_controller.rb `render_error` → `render :error`; 5.6.7+ with the error's
   * status, 5.5 with 200); it asks nothing when a live token of the client has these scopes
   * (`matching_token?`).
   */
  function authorize(req: EmuRequest): EmuResponse {
    const p = preAuthorize(req)
    if ('error' in p) return errorPage(errorStatus(p.error), p.error, p.description ?? DESCRIPTIONS[p.error] ?? p.error)
    if (opts.autoApprove || oauth.hasMatchingToken(p.clientId, opts.userId, p.scopes)) return finish(p)
    return consentPage(oauth.addPending(p), 'Onair', p.scopes)
  }

  /**
   * A refused or invalid consent goes back to the client with `error=`, unless there is nowhere
   * safe to send it (error_response.rb `redirectable?`): then Doorkeeper answers JSON, 400.
   */
  function sendBack(error: string, redirectUri: string | undefined, state: string | undefined): EmuResponse {
    const description = DESCRIPTIONS[error] ?? error
    if (!redirectUri || redirectUri === OOB || error === 'invalid_redirect_uri' || error === 'invalid_client')
      return { status: 400, body: { error, error_description: description, state: state ?? null } }
    return redirect(withQuery(redirectUri, { error, error_description: description, state }))
  }

  function decision(req: EmuRequest): EmuResponse {
    const id = param(req, 'request_id') ?? ''
    const p = oauth.pending.get(id)
    if (!p) return errorPage(400, 'invalid_request', '認可リクエストが見つかりません (unknown or used request)')
    oauth.pending.delete(id)
    return param(req, 'decision') === 'approve' ? finish(p) : sendBack('access_denied', p.redirectUri, p.state)
  }

  /** Doorkeeper's own form: POST /oauth/authorize approves, DELETE denies, with the same parameters. */
  function decideDirectly(req: EmuRequest, approve: boolean): EmuResponse {
    const p = preAuthorize(req)
    if ('error' in p) return sendBack(p.error, param(req, 'redirect_uri'), param(req, 'state'))
    return approve ? finish(p) : sendBack('access_denied', p.redirectUri, p.state)
  }

  function codePageFor(req: EmuRequest): EmuResponse {
    return codePage(param(req, 'code') ?? '')
  }

  /** authorization_code_request.rb and client_credentials: the validations in Doorkeeper's order. */
  function token(req: EmuRequest): EmuResponse {
    const grantType = param(req, 'grant_type')
    if (!grantType) return oauthError('invalid_request', missing('grant_type'))
    if (grantType !== 'authorization_code' && grantType !== 'client_credentials')
      return oauthError('unsupported_grant_type')
    const creds = clientCredentials(req)
    const found = oauth.client(creds.id)
    const client = found && found.secret === creds.secret ? found : undefined
    if (grantType === 'client_credentials') {
      if (!client) return oauthError('invalid_client')
      // A token for the application itself: it belongs to no user.
      return tokenResponse(oauth.issueToken(null, ['read'], client.id, ctx.now()))
    }
    const redirectUri = param(req, 'redirect_uri')
    if (!redirectUri) return oauthError('invalid_request', missing('redirect_uri'))
    if (!client) return oauthError('invalid_client')
    const code = oauth.codes.find((c) => c.code === param(req, 'code'))
    if (!code || code.used || code.clientId !== client.id || ctx.now() - code.createdAt > CODE_LIFETIME_MS)
      return oauthError('invalid_grant')
    if (!redirectUriAllowed([code.redirectUri], redirectUri)) return oauthError('invalid_grant')
    code.used = true
    return tokenResponse(oauth.issueToken(code.userId, code.scopes, client.id, ctx.now()))
  }

  function tokenResponse(row: TokenRow): EmuResponse {
    return {
      status: 200,
      headers: NO_STORE,
      body: {
        access_token: row.token,
        token_type: ctx.quirks ? 'Bearer' : 'bearer',
        scope: row.scopes.join(' '),
        created_at: Math.floor(row.createdAt / 1000)
      }
    }
  }

  /** token_info_controller.rb: the token as JSON; an unknown one is InvalidTokenResponse's 401. */
  function tokenInfo(req: EmuRequest): EmuResponse {
    const row = oauth.token(bearerToken(req))
    if (!row) {
      // InvalidTokenResponse's body also carries the (absent) state.
      const invalid = oauthError('invalid_token', DESCRIPTIONS.invalid_token, 401)
      return { ...invalid, body: { ...(invalid.body as object), state: null } }
    }
    const application = { uid: row.clientId }
    const createdAt = Math.floor(row.createdAt / 1000)
    const owner = { resource_owner_id: row.userId }
    return ctx.quirks
      ? { status: 200, body: { ...owner, scope: row.scopes, expires_in: null, application, created_at: createdAt } }
      : {
          status: 200,
          body: { ...owner, scopes: row.scopes, expires_in_seconds: null, application, created_at: createdAt }
        }
  }

  /**
   * tokens_controller.rb `revoke`: the client must authenticate (`validate_presence_of_client`),
   * else 403 `unauthorized_client` and nothing is revoked; an unknown token is 200 {}; a token of
   * another confidential application is 403 (`authorized?`), one of no application (a personal
   * access token) is revoked. The contract's own form, the token in the Authorization header
   * alone, is honoured in documented mode only.
   */
  function revoke(req: EmuRequest): EmuResponse {
    const creds = clientCredentials(req)
    const found = oauth.client(creds.id)
    const client = found && found.secret === creds.secret ? found : undefined
    const bearer = /^bearer /i.test(req.headers.authorization ?? '') ? oauth.token(bearerToken(req)) : undefined
    const refused = { status: 403, body: { error: 'unauthorized_client', error_description: DESCRIPTIONS.revoke } }
    if (!client && (ctx.quirks || !bearer)) return refused
    const row = oauth.token(param(req, 'token'))
    if (!row) return { status: 200, body: {} }
    if (client && row.clientId !== null && row.clientId !== client.id) return refused
    row.revoked = true
    return { status: 200, body: {} }
  }

  return {
    handle(req) {
      const { method, path } = req
      if (path === '/oauth/authorize' && method === 'GET') return authorize(req)
      if (path === '/oauth/authorize' && method === 'POST') return decideDirectly(req, true)
      if (path === '/oauth/authorize' && method === 'DELETE') return decideDirectly(req, false)
      if (path === '/oauth/authorize/native' && method === 'GET') return codePageFor(req)
      if (path === '/oauth/authorize/decision' && method === 'POST') return decision(req)
      if (path === '/oauth/token' && method === 'POST') return token(req)
      if (path === '/oauth/token/info' && method === 'GET') return tokenInfo(req)
      if (path === '/oauth/revoke' && method === 'POST') return revoke(req)
      return undefined
    }
  }
}
