import { basename } from 'node:path'

/**
 * A test's way to make the file system refuse one of Onair's writes as a full disk or a permission
 * change would, where the test cannot make it do so for real (the test suite runs as root, whom
 * chmod does not stop, and filling a disk is not a test). `ONAIR_FAULT_WRITE=<code>[:<file name>]`
 * (e.g. `ENOSPC:outbox.json`, or `EACCES` for every file) makes each store write to that file fail
 * with that error code before anything is written, as the real refusal would. Documented in
 * docs/DEVELOPING.md; without the variable it costs one environment lookup.
 */
export const WRITE_FAULT_ENV = 'ONAIR_FAULT_WRITE'

export function injectedWriteFault(path: string, env: NodeJS.ProcessEnv = process.env): void {
  const spec = env[WRITE_FAULT_ENV]
  if (!spec) return
  const [code, only] = spec.split(':')
  if (!code || (only && only !== basename(path))) return
  throw Object.assign(new Error(`${code}: injected by ${WRITE_FAULT_ENV}, write '${path}'`), {
    code,
    path,
    syscall: 'write'
  })
}
