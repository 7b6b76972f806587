import { withFileLock } from '../../../../src/main/core/store/file-lock'

/**
 * A child process of file-lock.test.ts: `hold-lock.ts <file> die|stay` takes the file's lock, says
 * `held` on stdout, then is killed where it stands (`die`: SIGKILL mid-transaction) or keeps the
 * lock until its parent kills it (`stay`).
 */
const [path, how] = process.argv.slice(2) as [string, 'die' | 'stay']
withFileLock(path, () => {
  process.stdout.write('held\n')
  if (how === 'die') process.kill(process.pid, 'SIGKILL')
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000)
})
