import type { EmuContext, EmuRequest, EmuResponse, EmuService } from '../types'
import { bearerToken } from '../oauth/routes'
import type { OAuthState, TokenRow } from '../oauth/store'
import { forbidden, notFound, Reply, unauthorized } from './errors'
import { listPrograms, listWorks } from './read-routes'
import type { MediaState } from './state'
import { createRecord, deleteRecord, setStatus, updateRecord } from './write-routes'

/**
 * Routing of the `/v1` resource API: route first (an unknown route is 404 whatever the token),
 * then the token, then the write scope, then the handler.
 */
type Handler = (req: EmuRequest, token: TokenRow & { userId: number }, match: RegExpExecArray) => EmuResponse

interface Route {
  method: string
  pattern: RegExp
  write: boolean
  run: Handler
}

export function createMediaService(ctx: EmuContext, s: MediaState, oauth: OAuthState): EmuService {
  const q = () => ctx.quirks
  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/v1\/works$/,
      write: false,
      run: (req) => ({ status: 200, body: listWorks(s, req.query, q()) })
    },
    {
      method: 'GET',
      pattern: /^\/v1\/me\/works$/,
      write: false,
      run: (req, t) => ({ status: 200, body: listWorks(s, req.query, q(), t.userId) })
    },
    {
      method: 'GET',
      pattern: /^\/v1\/me\/programs$/,
      write: false,
      run: (req, t) => ({ status: 200, body: listPrograms(s, req.query, q(), t.userId) })
    },
    {
      method: 'POST',
      pattern: /^\/v1\/me\/records$/,
      write: true,
      run: (req, t) => createRecord(s, req, q(), t.userId, ctx.now())
    },
    {
      method: 'PATCH',
      pattern: /^\/v1\/me\/records\/(\d+)$/,
      write: true,
      run: (req, t, m) => updateRecord(s, req, m[1] as string, q(), t.userId)
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/me\/records\/(\d+)$/,
      write: true,
      run: (_req, t, m) => deleteRecord(s, m[1] as string, q(), t.userId)
    },
    {
      method: 'POST',
      pattern: /^\/v1\/me\/statuses$/,
      write: true,
      run: (req, t) => setStatus(s, req, q(), t.userId, ctx.now())
    }
  ]

  function dispatch(req: EmuRequest): EmuResponse {
    for (const route of routes) {
      if (route.method !== req.method) continue
      const match = route.pattern.exec(req.path)
      if (!match) continue
      const token = oauth.token(bearerToken(req))
      if (!token)
        throw unauthorized(q(), bearerToken(req) ? 'The access token is invalid' : 'The access token is missing')
      // A client-credentials token acts for no user, so it reaches nothing under /v1/me.
      const userId = token.userId
      if ((route.write && !token.scopes.includes('write')) || userId === null) throw forbidden(q())
      return route.run(req, { ...token, userId }, match)
    }
    throw notFound(q())
  }

  return {
    handle(req) {
      if (!req.path.startsWith('/v1/') && req.path !== '/v1') return undefined
      try {
        return dispatch(req)
      } catch (e) {
        if (e instanceof Reply) return e.response
        throw e
      }
    }
  }
}
