import type { Transport } from '../http/transport'
import { tokenInfoSchema, tokenResponseSchema, type TokenInfo, type TokenResponse } from './schemas'

/**
 * The service's OAuth endpoints (authorization-code flow, confidential client). The service
 * ignores PKCE, so `state` is what protects the loopback redirect; a challenge is still sent when
 * given because it costs nothing and a future service may honour it.
 */
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob'

export interface AuthorizeUrlInput {
  clientId: string
  redirectUri: string
  /** e.g. `['read', 'write']`; the service's default is read-only. */
  scope: readonly string[]
  state: string
  /** S256 challenge. */
  codeChallenge?: string
}

export function authorizeUrl(baseUrl: string, input: AuthorizeUrlInput): string {
  if (!input.state) throw new RangeError('state is required: it is the only CSRF protection of the flow')
  const url = new URL('oauth/authorize', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  url.searchParams.set('client_id', input.clientId)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('scope', input.scope.join(' '))
  url.searchParams.set('state', input.state)
  if (input.codeChallenge) {
    url.searchParams.set('code_challenge', input.codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
  }
  return url.toString()
}

export interface ExchangeCodeInput {
  clientId: string
  clientSecret: string
  redirectUri: string
  code: string
  codeVerifier?: string
}

export async function exchangeCode(t: Transport, input: ExchangeCodeInput): Promise<TokenResponse> {
  return t({
    method: 'POST',
    path: '/oauth/token',
    auth: false,
    form: {
      client_id: input.clientId,
      client_secret: input.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code: input.code,
      code_verifier: input.codeVerifier
    },
    schema: tokenResponseSchema
  })
}

/** About the signed-in token, or about `token` (e.g. one just received, before it is stored). */
export async function tokenInfo(t: Transport, token?: string): Promise<TokenInfo> {
  return t({ method: 'GET', path: '/oauth/token/info', bearer: token, schema: tokenInfoSchema })
}

export interface RevokeInput {
  clientId: string
  clientSecret: string
  token: string
}

/** The service answers 200 `{}` even for a token it does not know, so success proves little. */
export async function revoke(t: Transport, input: RevokeInput): Promise<void> {
  await t({
    method: 'POST',
    path: '/oauth/revoke',
    bearer: input.token,
    form: { client_id: input.clientId, client_secret: input.clientSecret, token: input.token },
    schema: undefined
  })
}
