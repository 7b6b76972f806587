import type { EmuContext, EmuRequest, EmuResponse, EmuService } from '../types'
import { CODE_LIFETIME_MS, type OAuthState } from './store'
import { redirectUriAllowed } from './redirect'
import { codePage, consentPage, errorPage, redirect, withQuery } from './pages'

/**
 * The OAuth 2.0 authorization-code flow of the media-tracking service (Doorkeeper-like): authorize
 * page, token exchange, token info and revoke. There are no refresh tokens and tokens never expire.
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

function oauthError(status: number, error: string, description: string, headers?: Record<string, string>): EmuResponse {
  return { status, headers, body: { error, error_description: description } }
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
  function finish(
    pendingClient: string,
    redirectUri: string,
    scopes: string[],
    state: string | undefined
  ): EmuResponse {
    const code = oauth.issueCode({
      clientId: pendingClient,
      redirectUri,
      scopes,
      userId: opts.userId,
      createdAt: ctx.now()
    })
    if (redirectUri === OOB) return codePage(code)
    return redirect(withQuery(redirectUri, { code, state }))
  }

  function authorize(req: EmuRequest): EmuResponse {
    const client = oauth.client(param(req, 'client_id'))
    if (!client) return errorPage(400, 'invalid_client', 'クライアントが見つかりません (unknown client_id)')
    const redirectUri = param(req, 'redirect_uri')
    if (!redirectUriAllowed(client.redirectUris, redirectUri) || redirectUri === undefined) {
      return errorPage(400, 'invalid_redirect_uri', 'リダイレクトURIが登録されていません (redirect_uri not registered)')
    }
    const state = param(req, 'state')
    const fail = (error: string, description: string): EmuResponse =>
      redirectUri === OOB
        ? errorPage(400, error, description)
        : redirect(withQuery(redirectUri, { error, error_description: description, state }))
    if (param(req, 'response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code')
    const scopes = (param(req, 'scope') ?? 'read').split(/[\s+]+/).filter((s) => s !== '')
    if (scopes.length === 0 || !scopes.every((s) => KNOWN_SCOPES.has(s))) return fail('invalid_scope', 'unknown scope')
    if (opts.autoApprove) return finish(client.id, redirectUri, scopes, state)
    const requestId = oauth.addPending({ clientId: client.id, redirectUri, scopes, state })
    return consentPage(requestId, 'Onair', scopes)
  }

  function decision(req: EmuRequest): EmuResponse {
    const id = param(req, 'request_id') ?? ''
    const pending = oauth.pending.get(id)
    if (!pending) return errorPage(400, 'invalid_request', '認可リクエストが見つかりません (unknown or used request)')
    oauth.pending.delete(id)
    if (param(req, 'decision') === 'approve')
      return finish(pending.clientId, pending.redirectUri, pending.scopes, pending.state)
    if (pending.redirectUri === OOB) return errorPage(400, 'access_denied', 'アクセスが拒否されました')
    return redirect(
      withQuery(pending.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner denied the request.',
        state: pending.state
      })
    )
  }

  function token(req: EmuRequest): EmuResponse {
    const creds = clientCredentials(req)
    const client = oauth.client(creds.id)
    if (!client || client.secret !== creds.secret)
      return oauthError(401, 'invalid_client', 'Client authentication failed.')
    const grantType = param(req, 'grant_type')
    if (!grantType) return oauthError(400, 'invalid_request', 'grant_type is missing.')
    if (grantType !== 'authorization_code')
      return oauthError(400, 'unsupported_grant_type', 'Only authorization_code is supported.')
    const codeValue = param(req, 'code')
    const redirectUri = param(req, 'redirect_uri')
    if (!codeValue || !redirectUri) return oauthError(400, 'invalid_request', 'code and redirect_uri are required.')
    const code = oauth.codes.find((c) => c.code === codeValue)
    const invalid = oauthError(
      400,
      'invalid_grant',
      'The authorization code is invalid, expired, used, or was issued to another client or redirect URI.'
    )
    if (!code || code.used || code.clientId !== client.id || code.redirectUri !== redirectUri) return invalid
    if (ctx.now() - code.createdAt > CODE_LIFETIME_MS) return invalid
    code.used = true
    const row = oauth.issueToken(code.userId, code.scopes, client.id, ctx.now())
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: {
        access_token: row.token,
        token_type: ctx.quirks ? 'Bearer' : 'bearer',
        scope: row.scopes.join(' '),
        created_at: Math.floor(row.createdAt / 1000)
      }
    }
  }

  function tokenInfo(req: EmuRequest): EmuResponse {
    const row = oauth.token(bearerToken(req))
    if (!row) {
      const headers = ctx.quirks
        ? {
            'www-authenticate':
              'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"'
          }
        : undefined
      return oauthError(401, 'invalid_token', 'The access token is invalid.', headers)
    }
    const application = { uid: row.clientId }
    const createdAt = Math.floor(row.createdAt / 1000)
    return ctx.quirks
      ? {
          status: 200,
          body: {
            resource_owner_id: row.userId,
            scope: row.scopes,
            expires_in: null,
            application,
            created_at: createdAt
          }
        }
      : {
          status: 200,
          body: {
            resource_owner_id: row.userId,
            scopes: row.scopes,
            expires_in_seconds: null,
            application,
            created_at: createdAt
          }
        }
  }

  /**
   * Documented: the Authorization header (a live access token) authenticates the call. Quirks:
   * the client is confidential, so client_id + client_secret are required. Unknown tokens still
   * get 200 {} (RFC 7009).
   */
  function revoke(req: EmuRequest): EmuResponse {
    const creds = clientCredentials(req)
    const client = oauth.client(creds.id)
    const clientOk = client !== undefined && client.secret === creds.secret
    const bearer = /^bearer /i.test(req.headers.authorization ?? '') ? oauth.token(bearerToken(req)) : undefined
    if (!clientOk && (ctx.quirks || !bearer)) return oauthError(401, 'invalid_client', 'Client authentication failed.')
    const value = param(req, 'token')
    if (!value) return oauthError(400, 'invalid_request', 'token is required.')
    const row = oauth.token(value)
    if (row && (clientOk ? row.clientId === client.id : true)) row.revoked = true
    return { status: 200, body: {} }
  }

  return {
    handle(req) {
      const { method, path } = req
      if (path === '/oauth/authorize' && method === 'GET') return authorize(req)
      if (path === '/oauth/authorize/decision' && method === 'POST') return decision(req)
      if (path === '/oauth/token' && method === 'POST') return token(req)
      if (path === '/oauth/token/info' && method === 'GET') return tokenInfo(req)
      if (path === '/oauth/revoke' && method === 'POST') return revoke(req)
      return undefined
    }
  }
}
