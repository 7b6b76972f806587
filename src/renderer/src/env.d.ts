/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { OnairApi } from '../../shared/contract'

declare global {
  interface Window {
    /** Exposed by the preload (or the e2e fixture); the renderer's only way to the main process. */
    readonly api: OnairApi
  }
}
