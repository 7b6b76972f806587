import type { LocalizedText } from '../../../shared/locale'
import { ApiError, describeApiError, type ServiceName } from '../http/errors'

/**
 * Turns "a request came back 401" into one app-wide signed-out transition. Every request path
 * (poller, outbox, inbox) reports its errors here; the first `auth` error flips the state and tells
 * the listeners once, so the poller pauses and the tray shows "sign in" with one notification, not
 * one per failing request. Nothing is deleted: the outbox waits for the next sign-in.
 */
export type SessionState = 'signed-in' | 'signed-out'

export interface SignedOutEvent {
  reason: LocalizedText
  error: ApiError
}

export interface SessionMonitor {
  state(): SessionState
  /** Feed any error from a request; returns it so `catch (e) { throw monitor.report(e) }` reads well. */
  report(e: unknown): unknown
  /** Runs a request and reports its failure before passing it on. */
  guard<T>(request: () => Promise<T>): Promise<T>
  markSignedIn(): void
  /** A sign-out the user asked for: no event, since nobody needs telling. */
  markSignedOut(): void
  onSignedOut(listener: (e: SignedOutEvent) => void): () => void
}

/** Only the media-tracking session is watched by default: a bad wiki token is not a sign-out. */
export function createSessionMonitor(initial: SessionState, service: ServiceName = 'media'): SessionMonitor {
  let current = initial
  const listeners = new Set<(e: SignedOutEvent) => void>()

  const monitor: SessionMonitor = {
    state: () => current,
    report(e) {
      if (current === 'signed-in' && e instanceof ApiError && e.kind === 'auth' && e.service === service) {
        current = 'signed-out'
        const event = { reason: describeApiError(e), error: e }
        for (const listener of [...listeners]) listener(event)
      }
      return e
    },
    async guard(request) {
      try {
        return await request()
      } catch (e) {
        throw monitor.report(e)
      }
    },
    markSignedIn() {
      current = 'signed-in'
    },
    markSignedOut() {
      current = 'signed-out'
    },
    onSignedOut(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
  return monitor
}
