import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Locale } from '../../../shared/locale'
import type { Clock, TimerHandle } from '../clock'
import { ApiError, describeApiError } from '../http/errors'
import { callbackPage, type PageOutcome } from './callback-page'
import { AuthError, type AuthErrorCode } from './errors'
import { newFlowSecrets, sameState } from './pkce'

/**
 * The loopback authorization-code flow: a one-shot HTTP server on 127.0.0.1 receives the redirect
 * from the browser, checks `state`, and trades the code for a token. Only one flow lives at a
 * time: starting another cancels the pending one, so a stale browser tab can never complete a
 * sign-in the user has given up on.
 */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000
export const CALLBACK_PATH = '/callback'

export interface AuthorizeParams {
  redirectUri: string
  state: string
  codeChallenge: string
}

export interface ExchangeParams {
  code: string
  redirectUri: string
  codeVerifier: string
}

export interface LoopbackOptions<T> {
  clock: Clock
  authorizeUrl: (p: AuthorizeParams) => string
  /** Trades the code for whatever the caller needs; its failure fails the flow. */
  exchange: (p: ExchangeParams) => Promise<T>
  /** Failing to open a browser is not fatal: the URL is also handed back to be shown. */
  openBrowser: (url: string) => Promise<void> | void
  locale: () => Locale
  /** 0 (default) picks a free port; a fixed one is for registrations that need it. */
  port?: number
}

export interface PendingSignIn<T> {
  url: string
  /** Settles once: the exchanged result, or an AuthError. */
  done: Promise<T>
}

export interface LoopbackAuthorizer<T> {
  /** Resolves once the callback server listens; rejects with `port_in_use` / `listen_failed`. */
  start(): Promise<PendingSignIn<T>>
  /** Cancels the pending flow, if any. */
  cancel(): void
}

export function createLoopbackAuthorizer<T>(opts: LoopbackOptions<T>): LoopbackAuthorizer<T> {
  let current: Flow<T> | undefined
  let generation = 0

  return {
    async start() {
      const mine = ++generation
      current?.fail(new AuthError('cancelled'))
      current = undefined
      const flow = await startFlow(opts)
      // Another start() began while this one was still opening its port.
      if (mine !== generation) flow.fail(new AuthError('cancelled'))
      else current = flow
      return flow.pending
    },
    cancel() {
      generation++
      current?.fail(new AuthError('cancelled'))
      current = undefined
    }
  }
}

interface Flow<T> {
  pending: PendingSignIn<T>
  fail(e: AuthError): void
}

async function startFlow<T>(opts: LoopbackOptions<T>): Promise<Flow<T>> {
  const secrets = newFlowSecrets()
  let settled = false
  let codeTaken = false
  let timer: TimerHandle | undefined = undefined
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const done = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  // Callers that abandon a flow (it was cancelled by a newer one) must not crash the process.
  done.catch(() => undefined)

  let port = 0
  const server = createServer((req, res) => void onRequest(req, res))
  const shutDown = () => {
    if (timer) opts.clock.clearTimeout(timer)
    server.close()
    server.closeAllConnections()
  }
  const finish = (outcome: { ok: true; value: T } | { ok: false; error: unknown }) => {
    if (settled) return
    settled = true
    shutDown()
    if (outcome.ok) resolve(outcome.value)
    else reject(outcome.error)
  }

  const answer = (res: ServerResponse, status: number, outcome: PageOutcome): Promise<void> =>
    new Promise((done) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'referrer-policy': 'no-referrer',
        connection: 'close'
      })
      res.end(callbackPage(outcome, opts.locale()), () => done())
    })

  const plain = (res: ServerResponse, status: number, text: string) =>
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(text)

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The browser's redirect always names this listener; any other Host is a page trying to
    // reach it through a name it controls (DNS rebinding), and is not served.
    if (!isLoopbackHost(req.headers.host, port)) return void plain(res, 400, 'Bad request')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    // Browsers also ask for /favicon.ico, and any page can send a request with a made-up or
    // missing state: none of that may end (or cancel) the user's sign-in, so it is simply not
    // found. Only the real redirect, carrying the state, can finish the flow either way.
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH || settled) return void plain(res, 404, 'Not found')
    if (!sameState(secrets.state, url.searchParams.get('state'))) return void plain(res, 404, 'Not found')
    // The same callback again (a replay, or a browser that sent it twice): the state is
    // single-use, so it is refused, but the exchange already under way is left to finish.
    if (codeTaken) return void (await answer(res, 400, 'forgery'))
    codeTaken = true
    const error = url.searchParams.get('error')
    if (error !== null) {
      await answer(res, 400, error === 'access_denied' ? 'denied' : 'failed')
      finish({ ok: false, error: new AuthError(error === 'access_denied' ? 'denied' : 'authorize_failed') })
      return
    }
    const code = url.searchParams.get('code')
    if (!code) {
      await answer(res, 400, 'failed')
      finish({ ok: false, error: new AuthError('missing_code') })
      return
    }
    try {
      const value = await opts.exchange({ code, redirectUri, codeVerifier: secrets.codeVerifier })
      // The timeout or a newer sign-in may have ended the flow while the exchange ran.
      if (settled) return void (await answer(res, 400, 'failed'))
      await answer(res, 200, 'success')
      finish({ ok: true, value })
    } catch (e) {
      await answer(res, 502, 'failed')
      finish({ ok: false, error: toAuthError(e, 'exchange_failed') })
    }
  }

  await new Promise<void>((res, rej) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      rej(new AuthError(e.code === 'EADDRINUSE' ? 'port_in_use' : 'listen_failed', { cause: e }))
    })
    server.listen({ host: '127.0.0.1', port: opts.port ?? 0, exclusive: true }, () => res())
  })
  port = (server.address() as AddressInfo).port
  const redirectUri = `http://127.0.0.1:${port}${CALLBACK_PATH}`
  const url = opts.authorizeUrl({ redirectUri, state: secrets.state, codeChallenge: secrets.codeChallenge })

  timer = opts.clock.setTimeout(() => finish({ ok: false, error: new AuthError('timeout') }), SIGN_IN_TIMEOUT_MS)
  try {
    await opts.openBrowser(url)
  } catch {
    // No browser here (a server, a container): the caller shows the URL instead.
  }
  return {
    pending: { url, done },
    fail: (e) => finish({ ok: false, error: e })
  }
}

/** `127.0.0.1:<port>` or `localhost:<port>`, exactly: the only names the redirect can use. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  const h = host?.toLowerCase()
  return h === `127.0.0.1:${port}` || h === `localhost:${port}`
}

/**
 * Network trouble is told apart from a refused code or token because the user's fix differs; any
 * other service failure keeps the service's own explanation.
 */
export function toAuthError(e: unknown, fallback: AuthErrorCode): AuthError {
  if (e instanceof AuthError) return e
  if (!(e instanceof ApiError)) return new AuthError(fallback, { cause: e })
  if (e.kind === 'network' || e.kind === 'timeout') return new AuthError('unreachable', { cause: e })
  if (e.kind === 'auth' || e.kind === 'invalid_params' || e.kind === 'scope')
    return new AuthError(fallback, { cause: e })
  return new AuthError('service_error', { cause: e, message: describeApiError(e) })
}
