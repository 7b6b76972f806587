import type { OnairApi } from '../../src/shared/contract'

/**
 * The few browser globals that in-page test code (functions given to `page.evaluate` and
 * `addInitScript`) touches. The node tsconfig deliberately has no DOM lib, so that main-process
 * code cannot use browser globals by accident; in-page code reaches them through
 * `globalThis as unknown as PageGlobals` instead.
 */
export interface PageElement {
  textContent: string | null
  innerHTML: string
  append(...nodes: PageElement[]): void
}

export interface PageGlobals extends Record<string, unknown> {
  api: OnairApi
  document: {
    body: PageElement
    createElement(tag: string): PageElement
    addEventListener(type: 'securitypolicyviolation', listener: (event: { violatedDirective: string }) => void): void
  }
  location: { href: string }
  open(url: string): unknown
}
