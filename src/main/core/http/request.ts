import type { FetchLike, FetchResponse } from './node-fetch'
import type { z } from 'zod'
import { ApiError, type ServiceName } from './errors'

/**
 * The one place both API clients send requests through: builds the URL, attaches the token as a
 * header (never as a query parameter, which ends up in logs), enforces a timeout and turns every
 * outcome that is not a well-formed 2xx into an ApiError. Retries and pacing sit above it.
 */
export interface HttpConfig {
  service: ServiceName
  baseUrl: string
  /** Read at each request so a sign-in or sign-out takes effect at once. */
  token: () => string | undefined
  /**
   * Asked once when the service answers 401, or there is no token: true when the stored token
   * changed since (another process signed in again), and the request is sent again with it.
   */
  tokenChanged?: () => Promise<boolean>
  fetch?: FetchLike
  timeoutMs?: number
}

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[]

export interface RequestSpec<S extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  query?: Record<string, QueryValue>
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, QueryValue>
  /** Schema of a 2xx body; undefined when the body is ignored (204, `{}`). */
  schema: S
  auth?: boolean
  /** A token to send instead of the signed-in one (revoking a token names it in the header). */
  bearer?: string
}

export const DEFAULT_TIMEOUT_MS = 15_000

export function encodeParams(params: Record<string, QueryValue>): URLSearchParams {
  const out = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue
    // Boolean filters must be exactly `true`/`false`; lists are comma-separated.
    out.set(k, Array.isArray(v) ? v.join(',') : String(v))
  }
  return out
}

/** What a request answers: the parsed body, or undefined for a request whose body is ignored. */
export type HttpResult<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined

export async function send<S extends z.ZodType | undefined>(
  cfg: HttpConfig,
  spec: RequestSpec<S>
): Promise<HttpResult<S>> {
  try {
    return await sendOnce(cfg, spec)
  } catch (e) {
    const refused = e instanceof ApiError && e.kind === 'auth' && spec.auth !== false && spec.bearer === undefined
    if (!refused || !cfg.tokenChanged || !(await cfg.tokenChanged())) throw e
    return sendOnce(cfg, spec)
  }
}

async function sendOnce<S extends z.ZodType | undefined>(
  cfg: HttpConfig,
  spec: RequestSpec<S>
): Promise<HttpResult<S>> {
  const url = new URL(spec.path.replace(/^\//, ''), cfg.baseUrl.endsWith('/') ? cfg.baseUrl : `${cfg.baseUrl}/`)
  if (spec.query) url.search = encodeParams(spec.query).toString()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (spec.auth !== false) {
    const token = spec.bearer ?? cfg.token()
    if (!token) throw new ApiError({ kind: 'auth', service: cfg.service, detail: 'not signed in' })
    headers.authorization = `Bearer ${token}`
  }
  let body: string | undefined
  if (spec.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = encodeParams(spec.form).toString()
  }

  const isWrite = spec.method !== 'GET'
  let res: FetchResponse | undefined
  let text: string
  try {
    res = await (cfg.fetch ?? fetch)(url, {
      method: spec.method,
      headers,
      body,
      signal: AbortSignal.timeout(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'error'
    })
    text = await res.text()
  } catch (e) {
    // Headers arrived but the body was cut off: the request certainly reached the service.
    throw transportError(cfg.service, e, isWrite, res !== undefined)
  }

  if (res.status < 200 || res.status >= 300) throw statusError(cfg.service, res, text, isWrite)
  if (!spec.schema) return undefined as never

  let parsed: unknown
  try {
    parsed = text.length ? JSON.parse(text) : undefined
  } catch {
    throw new ApiError({ kind: 'bad_response', service: cfg.service, status: res.status, detail: 'body is not JSON' })
  }
  const result = spec.schema.safeParse(parsed)
  if (!result.success) {
    const where = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new ApiError({ kind: 'bad_response', service: cfg.service, status: res.status, detail: where.join('; ') })
  }
  return result.data as never
}

/**
 * Failures that certainly happened before the request left this machine, in Node's words and in
 * Chromium's (the app sends through Electron's `net.fetch`, whose errors read `net::ERR_…`).
 */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ERR_CONNECTION_REFUSED',
  'ERR_NAME_NOT_RESOLVED',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_TUNNEL_CONNECTION_FAILED'
])

/** The service's certificate is not one this machine trusts: OpenSSL's codes (Node) and Chromium's. */
const UNTRUSTED = /^(UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|CERT_|ERR_TLS_CERT_|ERR_CERT_)/

function transportError(service: ServiceName, e: unknown, isWrite: boolean, answered: boolean): ApiError {
  const err = e as { name?: string; cause?: { code?: string } }
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
    return new ApiError({ kind: 'timeout', service, ambiguous: isWrite })
  }
  const code = err?.cause?.code
  if (!answered && code && UNTRUSTED.test(code)) return new ApiError({ kind: 'certificate', service, detail: code })
  // A refused connection never delivered the request; anything else may have.
  const neverSent = !answered && code !== undefined && NEVER_SENT.has(code)
  return new ApiError({ kind: 'network', service, ambiguous: isWrite && !neverSent, detail: code })
}

function statusError(service: ServiceName, res: FetchResponse, text: string, isWrite: boolean): ApiError {
  const status = res.status
  const serviceMessages = errorMessages(text)
  const kind =
    status === 401
      ? 'auth'
      : status === 403
        ? 'scope'
        : status === 404
          ? 'not_found'
          : status === 400 || status === 422
            ? 'invalid_params'
            : status === 429
              ? 'rate_limited'
              : status >= 500
                ? 'server'
                : 'http'
  // The live media service explains a 401 only in WWW-Authenticate, with an empty body.
  const challenge = res.headers.get('www-authenticate') ?? undefined
  // A 5xx can come after the write was committed (or from a proxy whose upstream committed it);
  // 503 is the server saying it did not take the request.
  const ambiguous = isWrite && status >= 500 && status !== 503
  return new ApiError({
    kind,
    service,
    status,
    serviceMessages,
    ambiguous,
    detail: kind === 'auth' ? challenge : undefined
  })
}

function errorMessages(text: string): string[] {
  try {
    const body = JSON.parse(text) as { errors?: unknown; error_description?: unknown; message?: unknown }
    // OAuth endpoints answer in RFC 6749's shape instead of the `errors` array.
    if (typeof body.error_description === 'string') return [body.error_description]
    // The wiki documents no error body; a top-level `message` is the common shape.
    if (typeof body.message === 'string' && body.message.length > 0) return [body.message.slice(0, 500)]
    if (!Array.isArray(body.errors)) return []
    return body.errors
      .map((e) => (e && typeof e === 'object' && 'message' in e ? String((e as { message: unknown }).message) : ''))
      .filter((m) => m.length > 0)
      .slice(0, 5)
  } catch {
    return []
  }
}
