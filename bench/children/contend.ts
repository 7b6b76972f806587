import { register } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * One process of the contention bench: `contend.ts <checkout> <its ledger module> <data folder> <app|cli> <n>`. Opens
 * the reminders' ledger of `<checkout>`'s store (this one, or the baseline's), as the app does
 * (`app`: its documents kept as the app keeps them) or as a command does; prints `ready`, waits for
 * a line on stdin, then claims `shared:0` … `shared:<n-1>` (keys every process claims: reminders
 * every face would show), one transaction each, and prints one JSON line: the keys it won and how
 * long each transaction took (ms).
 */
const [checkout, ledgerPath, dataDir, face, n] = process.argv.slice(2) as [
  string,
  string,
  string,
  'app' | 'cli',
  string
]
register(pathToFileURL(join(import.meta.dirname, '../../test/unit/store/children/hooks.mjs')).href)
const src = (path: string) => import(pathToFileURL(join(checkout, 'src/main', path)).href)

if (face === 'app') {
  const backend = await src('core/store/document-backend.ts')
  const { electronStoreBackend } = await src('shell/electron-store.ts')
  // The baseline's app kept every document in electron-store; this checkout keeps only settings there.
  ;(backend.keepAppDocumentsIn ?? backend.keepAppSettingsIn)(electronStoreBackend())
}
const { ledgerFile } = await import(pathToFileURL(ledgerPath).href)
const ledger = ledgerFile(dataDir)
ledger.delivered()
process.stdout.write('ready\n')
await new Promise((go) => process.stdin.once('data', go))

const won: number[] = []
const waits: number[] = []
for (let i = 0; i < Number(n); i++) {
  const t = performance.now()
  const got = ledger.claim([{ key: `shared:${i}`, startedAt: '2026-12-03T12:00:00Z' }], 1) as unknown[]
  waits.push(performance.now() - t)
  if (got.length) won.push(i)
}
process.stdout.write(`${JSON.stringify({ won, waits })}\n`)
