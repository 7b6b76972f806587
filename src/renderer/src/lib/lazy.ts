import type { Component } from 'svelte'

// Svelte's own props type for a component that takes anything; each caller's props are checked
// where <Lazy> is used (its `props` must match the loaded component's).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = Component<any>

/** A component whose code is a chunk of its own: the first call fetches it, later calls reuse it. */
export type LazyComponent<C extends AnyComponent = AnyComponent> = () => Promise<C>

/**
 * Wraps a dynamic `import()` of a component so the bundler splits it off the first screen's
 * JavaScript. The promise is kept, so reopening a view neither fetches nor waits
 * again; a failed fetch is forgotten, so opening the view again retries it.
 */
export function lazy<C extends AnyComponent>(load: () => Promise<{ default: C }>): LazyComponent<C> {
  let loading: Promise<C> | undefined
  return () =>
    (loading ??= load().then(
      (module) => module.default,
      (err: unknown) => {
        loading = undefined
        throw err
      }
    ))
}
