/**
 * A test's way to make the file system refuse one of Onair's writes as a full disk or a permission
 * change would, where the test cannot make it do so for real (the test suite runs as root, whom
 * chmod does not stop, and filling a disk is not a test). `ONAIR_FAULT_WRITE=<code>[:<name>]`
 * (e.g. `ENOSPC:outbox` for a document of the database, `EACCES:settings.json` for a file, or
 * `EACCES` for every write) makes each store write to it fail
 * with that error code before anything is written, as the real refusal would. Documented in
 * docs/DEVELOPING.md; without the variable it costs one environment lookup.
 */
export const WRITE_FAULT_ENV = 'ONAIR_FAULT_WRITE'

export function injectedWriteFault(target: string, path: string, env: NodeJS.ProcessEnv = process.env): void {
  const spec = env[WRITE_FAULT_ENV]
  if (!spec) return
  const [code, only] = spec.split(':')
  if (!code || (only && only !== target)) return
  throw Object.assign(new Error(`${code}: injected by ${WRITE_FAULT_ENV}, write '${path}'`), {
    code,
    path,
    syscall: 'write'
  })
}
