import type { Page } from '@playwright/test'
import { commandNames, eventNames } from '../../src/shared/contract/bridge'
import type { Reply } from '../../src/shared/contract'

/**
 * Stands in for the preload in plain Chromium: `window.api` with the same shape and checks as
 * `src/preload/index.ts` (invoke + on, contract names only, frozen, payload-only listeners), but
 * carried by `page.exposeFunction` (page → test process) and `page.evaluate` (test process →
 * page) instead of Electron IPC. Keep the two in step when the preload changes.
 */
export async function installBridge(
  page: Page,
  invoke: (name: unknown, input: unknown) => Promise<Reply>
): Promise<void> {
  await page.exposeFunction('__onairInvoke', invoke)
  await page.addInitScript(
    ({ commands, events }) => {
      type Listener = (payload: unknown) => void
      const host = globalThis as unknown as {
        __onairInvoke: (name: string, input: unknown) => Promise<Reply>
      }
      const listeners = new Map<string, Set<Listener>>()
      const api = Object.freeze({
        async invoke(name: string, input?: unknown) {
          if (!commands.includes(name)) throw new Error(`Unknown command: ${String(name)}`)
          const reply = await host.__onairInvoke(name, input)
          if (reply.ok) return reply.value
          throw reply.error
        },
        on(event: string, cb: Listener) {
          if (!events.includes(event)) throw new Error(`Unknown event: ${String(event)}`)
          if (typeof cb !== 'function') throw new TypeError('Listener must be a function')
          const listener: Listener = (payload) => cb(payload)
          const set = listeners.get(event) ?? new Set<Listener>()
          listeners.set(event, set)
          set.add(listener)
          return () => {
            set.delete(listener)
          }
        }
      })
      Object.defineProperty(globalThis, 'api', { value: api, enumerable: true })
      // The test-only way in for pushed events; hidden from enumeration like an IPC channel.
      Object.defineProperty(globalThis, '__onairEmit', {
        value: (event: string, payload: unknown) => {
          for (const listener of listeners.get(event) ?? []) listener(payload)
        }
      })
    },
    { commands: [...commandNames] as string[], events: [...eventNames] as string[] }
  )
}

/** Delivers one pushed event to the page's `window.api.on` listeners. */
export async function deliverEvent(page: Page, name: string, payload: unknown): Promise<void> {
  await page.evaluate(
    ([n, p]) => (globalThis as unknown as { __onairEmit: (n: string, p: unknown) => void }).__onairEmit(n, p),
    [name, payload] as const
  )
}
