import { ManualClock } from '../../../src/main/core/clock'
import { createCore, type CoreDeps } from '../../../src/main/core/app'
import { createHandlers } from '../../../src/main/core/ipc/handlers'

/** A real core with recorded side effects, for tests that go through `dispatch`. */
export function setup(overrides: Partial<CoreDeps> = {}) {
  const opened: string[] = []
  const core = createCore({
    clock: new ManualClock(),
    dataDir: '/nonexistent/onair-test',
    openExternal: async (url) => {
      opened.push(url)
    },
    appName: 'Onair',
    version: '1.2.3',
    platform: 'linux',
    locale: () => 'ja-JP',
    ...overrides
  })
  return { core, handlers: createHandlers(core), opened }
}
