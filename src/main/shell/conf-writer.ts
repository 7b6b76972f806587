import { writeAtomic } from '../core/store/atomic-write'

/**
 * What conf (electron-store's, in the app) writes its files with, in place of `atomically`: conf's
 * import of it resolves here (build/vite-shared.ts `trimUnused`, in the app's and vitest's builds;
 * the store tests' child processes get it from test/unit/store/children/hooks.mjs). atomically
 * resolves a link at the file and writes its target, copying the target's owner, and opens its
 * temporary file with a predictable name without O_EXCL; Onair's writer (atomic-write.ts) does
 * neither. conf calls only `writeFileSync(path, data, { mode })`; a conf that imports more fails the build.
 */
export function writeFileSync(path: string, data: string | Uint8Array, options?: { mode?: number }): void {
  writeAtomic(path, data, options?.mode)
}
