import { expect } from 'vitest'
import { AuthError } from '../../../src/main/core/auth/errors'
import { systemClock } from '../../../src/main/core/clock'
import { ManualClock } from '../../support/manual-clock'
import { memorySecrets, type Secrets } from '../../../src/main/core/auth/secrets'
import { boundSecret } from '../../../src/main/core/auth/bound-secrets'
import { createSession, type Session, type SessionDeps } from '../../../src/main/core/auth/session'
import { createMediaClient } from '../../../src/main/core/media/client'
import { memoryStore } from '../../../src/main/core/store/document'
import type { Emulator } from '../../emulator/index'

/**
 * The "browser" of these tests: an HTTP client that visits the authorize URL, clicks Approve or
 * Deny on the consent page when there is one, and follows the redirect to Onair's callback.
 */
export interface BrowserVisit {
  status: number
  body: string
  /** The callback URL the service redirected to, when it did. */
  callbackUrl?: string
}

export async function visit(url: string, decision: 'approve' | 'deny' = 'approve'): Promise<BrowserVisit> {
  let res = await fetch(url, { redirect: 'manual' })
  if (res.status === 200) {
    const page = await res.text()
    const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1]
    if (!requestId) return { status: res.status, body: page }
    const action = new URL('/oauth/authorize/decision', url)
    res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, decision }).toString()
    })
  }
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) return { status: res.status, body: await res.text() }
  const back = await fetch(location)
  return { status: back.status, body: await back.text(), callbackUrl: location }
}

/** Visits the authorize URL but only returns where the service would send the browser. */
export async function redirectTarget(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' })
  await res.arrayBuffer()
  const location = res.headers.get('location')
  if (!location) throw new Error(`expected a redirect, got ${res.status}`)
  return location
}

export interface TestSession {
  session: Session
  secrets: Secrets
  clock: ManualClock
  opened: string[]
  wiped: { count: number }
  deps: SessionDeps
}

export function testSession(
  emu: Emulator,
  over: Partial<SessionDeps> = {},
  secrets: Secrets = memorySecrets()
): TestSession {
  const clock = new ManualClock(Date.now())
  const accessToken = boundSecret(secrets, 'mediaAccessToken', emu.baseUrl)
  const opened: string[] = []
  const wiped = { count: 0 }
  // Real time for the media client: its pacer must not wait on a clock nobody advances.
  const media = createMediaClient({
    baseUrl: emu.baseUrl,
    token: () => accessToken.get(),
    clock: systemClock,
    retry: { maxAttempts: 1 }
  })
  const deps: SessionDeps = {
    media,
    mediaUrl: emu.baseUrl,
    clientId: emu.client.id,
    clientSecret: () => emu.client.secret,
    accessToken,
    store: memoryStore({ session: null }),
    clock,
    openBrowser: (url) => void opened.push(url),
    locale: () => 'en',
    wipePersonalData: () => void wiped.count++,
    ...over
  }
  return { session: createSession(deps), secrets, clock, opened, wiped, deps }
}

/** The AuthError `p` rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(p: Promise<unknown>): Promise<AuthError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(AuthError)
  return e as AuthError
}
