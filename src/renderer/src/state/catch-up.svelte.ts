import { invoke, listen } from '../lib/api'
import type { CatchUpView } from '../../../shared/contract'

/**
 * The catch-up list as the window knows it: the schedule's button shows its count, the catch-up
 * view its episodes. The core pushes every change (a refresh, a record or an undo in the outbox,
 * another process's refresh), so this copy is only ever replaced whole.
 */
export const catchUp = $state<{ view: CatchUpView | null }>({ view: null })

/** Loads the list and follows it; returns the teardown for an `$effect`. */
export function trackCatchUp(onError: (err: unknown) => void): () => void {
  invoke('catchup:get').then((v) => (catchUp.view = v), onError)
  return listen('catchup:changed', (v) => (catchUp.view = v))
}
