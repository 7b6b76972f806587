import { ManualClock } from '../../support/manual-clock'
import { createCore, type CoreDeps } from '../../../src/main/core/app'
import { createHandlers } from '../../../src/main/core/ipc/handlers'
import { harnessDeps } from '../../support/harness-core'
import { tempDir } from '../../support/temp-dir'

/** A real core with recorded side effects, for tests that go through `dispatch`. */
export function setup(overrides: Partial<CoreDeps> = {}) {
  const opened: string[] = []
  const core = createCore({
    ...harnessDeps({ dataDir: tempDir('onair-core-'), clock: new ManualClock() }),
    openExternal: async (url) => {
      opened.push(url)
    },
    version: '1.2.3',
    locale: () => 'ja-JP',
    ...overrides
  })
  return { core, handlers: createHandlers(core), opened }
}
