/**
 * A reminder daemon reduced to its hold: `hold-folder.ts <data folder> <startedAt ms>` holds the
 * folder as `onair run` does, prints `held`, and keeps it until it is killed.
 */
export {}

const [dataDir, startedAt] = process.argv.slice(2) as [string, string]
const { holdFolder } = await import('../../../../src/main/core/folder-hold/folder-lock')
const attempt = holdFolder(dataDir, { face: 'cli', now: Number(startedAt) })
process.stdout.write(attempt.ok ? 'held\n' : 'refused\n')
// Holding on like a daemon: the timer keeps the process alive and its lock with it.
setInterval(() => {}, 1 << 30)
