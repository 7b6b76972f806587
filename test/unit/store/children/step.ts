import { readSync } from 'node:fs'
import { register } from 'node:module'

/**
 * A child process of the store's multi-process tests, driven line by line on stdin so the parent
 * can stop it at chosen points:
 * - `claim <key>`: one transaction that claims `key` in the reminders' ledger (the document that
 *   stops a reminder from firing twice), printing `asking` before it waits for the lock and
 *   `claimed <key> <entries>` or `taken <key> <entries>` after;
 * - `hold <key>`: the same claim, but it stops inside the transaction (the write done, not yet
 *   committed), prints `inside`, and goes on only when the parent sends `go` (or kills it there);
 * - `settings <n>`: adds work `n` to the settings file's muted works in one change, through the
 *   app's electron-store when the child was started as `app`, else as the command line writes it;
 * - `run <name>:<n>`: n transactions, each claiming its own key `<name>:<i>` and the key `shared:<i>`
 *   that every child claims too, and every tenth also a settings change (work id `<i>`, offset by
 *   the child's `<name>` number); prints `ran <the shared keys it won>`;
 * - `exit`.
 * `step.ts <data folder> <app|cli>`.
 */
const [dataDir, face] = process.argv.slice(2) as [string, 'app' | 'cli']
register('./hooks.mjs', import.meta.url)
const { folderDatabase } = await import('../../../../src/main/core/store/database')
const { documentBody } = await import('../../../../src/main/core/store/document')
const { ledgerFile } = await import('../../../../src/main/core/reminders/files')
const { settingsFileStore } = await import('../../../../src/main/core/store/settings')
const backend =
  face === 'app' ? (await import('../../../../src/main/shell/electron-store')).electronStoreBackend() : undefined
const ledger = ledgerFile(dataDir)
const settings = settingsFileStore(dataDir, undefined, backend)

const say = (line: string): void => void process.stdout.write(`${line}\n`)
let pending = ''
/** The next line from the parent, waiting for it synchronously (inside a transaction too). */
function nextLine(): string {
  const buf = Buffer.alloc(256)
  while (!pending.includes('\n')) {
    let n: number
    try {
      n = readSync(0, buf)
    } catch (e) {
      // A pipe Node made non-blocking: nothing sent yet.
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2)
      continue
    }
    if (n === 0) process.exit(0)
    pending += buf.subarray(0, n).toString()
  }
  const i = pending.indexOf('\n')
  const line = pending.slice(0, i)
  pending = pending.slice(i + 1)
  return line
}

const claim = (key: string, inside?: () => void): void => {
  say('asking')
  const line = folderDatabase(dataDir).transaction(() => {
    const won = ledger.claim([{ key, startedAt: '2026-12-03T12:00:00Z' }], 1)
    inside?.()
    const entries = Object.keys((JSON.parse(documentBody(dataDir, 'ledger')!) as { entries: object }).entries)
    return `${won.length ? 'claimed' : 'taken'} ${key} ${entries.length}`
  })
  // Once committed: what the parent reads next includes it.
  say(line)
}

for (;;) {
  const [verb, arg = ''] = nextLine().split(' ')
  if (verb === 'claim') claim(arg)
  else if (verb === 'hold')
    claim(arg, () => {
      say('inside')
      if (nextLine() !== 'go') process.exit(3)
    })
  else if (verb === 'settings') {
    settings.update((s) => ({
      ...s,
      reminders: { ...s.reminders, mutedWorkIds: [...s.reminders.mutedWorkIds, Number(arg)] }
    }))
    say(`set ${arg}`)
  } else if (verb === 'run') {
    const [name, n] = arg.split(':') as [string, string]
    const won: number[] = []
    for (let i = 0; i < Number(n); i++) {
      const got = ledger.claim(
        [`${name}:${i}`, `shared:${i}`].map((key) => ({ key, startedAt: '2026-12-03T12:00:00Z' })),
        1
      )
      if (got.some((g) => g.key === `shared:${i}`)) won.push(i)
      const mark = Number(name) * 10_000 + i
      if (i % 10 === 0)
        settings.update((s) => ({
          ...s,
          reminders: { ...s.reminders, mutedWorkIds: [...s.reminders.mutedWorkIds, mark] }
        }))
    }
    say(`ran ${won.join(',')}`)
  } else process.exit(0)
}
