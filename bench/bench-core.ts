import { rmSync } from 'node:fs'
import { createCore } from '../src/main/core/app'
import { systemClock } from '../src/main/core/clock'
import { createHandlers, dispatch } from '../src/main/core/ipc/handlers'
import type { Reply } from '../src/shared/contract'
import { harnessDeps } from '../test/support/harness-core'
import { viewOf } from './schedule-data'
import { scratchDir } from '../test/support/temp-dir'

/**
 * The real core behind the window benches (render, window), answering the page's bridge calls.
 * The schedule starts empty: each bench pushes its own lists. `dispose` removes the data folder.
 */
export function benchCore(prefix: string): {
  invoke: (name: unknown, input: unknown) => Promise<Reply>
  dispose: () => void
} {
  const dataDir = scratchDir(prefix)
  const core = createCore({ ...harnessDeps({ dataDir, clock: systemClock }), version: 'bench' })
  const own = createHandlers(core)
  const handlers = {
    ...own,
    'schedule:get': async () => viewOf([]),
    // Signed in (with write access), or the onboarding would cover the schedule: the benches measure
    // the window, not a service to sign in to.
    'auth:status': async () => ({
      ...(await own['auth:status'](undefined)),
      configured: true,
      signedIn: true,
      session: { user: { id: 1, username: 'bench', name: null }, scopes: ['read', 'write'], canWrite: true }
    })
  }
  return {
    invoke: (name, input) => dispatch(handlers, name, input),
    dispose: () => rmSync(dataDir, { recursive: true, force: true })
  }
}
