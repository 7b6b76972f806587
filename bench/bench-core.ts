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
  const handlers = { ...createHandlers(core), 'schedule:get': async () => viewOf([]) }
  return {
    invoke: (name, input) => dispatch(handlers, name, input),
    dispose: () => rmSync(dataDir, { recursive: true, force: true })
  }
}
