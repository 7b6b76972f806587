/**
 * What the built app and command line give proper-lockfile in place of graceful-fs (aliased in
 * build/vite-shared.ts, for proper-lockfile's imports only): Node's own functions, exactly those
 * the lock library calls. graceful-fs retries opens that fail with EMFILE, and to do so patches fs
 * when it loads; that, and the lock library copying every member of the fs it is given (Node's
 * stream classes load when read), cost ~6 ms of the start of every process that takes a lock,
 * before a restarted `onair run` can deliver what fell due (BENCHMARKS.md, issue 25.3). The lock
 * library opens no file (it makes, stats, touches and removes its lock folder), so there is
 * nothing to retry.
 */
export {
  mkdir,
  mkdirSync,
  realpath,
  realpathSync,
  rmdir,
  rmdirSync,
  stat,
  statSync,
  utimes,
  utimesSync
} from 'node:fs'
