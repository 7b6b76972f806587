import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { signedInEnv } from './signed-in-env'
import { runCliProcess, spawnCli } from './spawn-cli'

/**
 * A real `onair run` restarted after a reminder fell due delivers it from the saved files as their
 * receipts vouch for them, before it loads zod and conf (issue 25.3: they cost ~30 ms of the
 * 50 ms goal), exactly once; and when a file has no receipt, its validating start delivers it,
 * once. The seed's soon program starts in 30 s: with `--lead 2` its reminder is 90 s late at the
 * first start, with `--lead 2,1` the second start owes the 1-minute one (30 s late).
 */
/** The episode the seed's soon program airs. */
const SOON_EPISODE_ID = 106
const scratch = tempDir('onair-restart-receipts-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const soon = (offset: number) => (l: string) =>
  l.includes('"type":"reminder"') &&
  l.includes(`"programId":${SOON_PROGRAM_ID}`) &&
  l.includes(`"offsetMinutes":${offset}`)
const polled = (l: string) => l.includes('"type":"poll"')

/** A preload that notes the built files loaded when the first reminder line is written. */
function loadedAtFirstReminder(): { option: string; files: () => string[] } {
  const probe = join(scratch, `probe-${Date.now()}.cjs`)
  const list = `${probe}.json`
  writeFileSync(
    probe,
    `const fs = require('node:fs'); const write = fs.writeSync; let noted = false
fs.writeSync = function (fd, data, ...rest) {
  if (!noted && fd === 1 && String(data).includes('"type":"reminder"')) {
    noted = true
    fs.writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache)))
  }
  return write.call(this, fd, data, ...rest)
}`
  )
  return {
    option: `--require ${probe}`,
    files: () => (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter((f) => f.includes('/out/cli/'))
  }
}

const holdsZod = (file: string) => readFileSync(file, 'utf8').includes('// node_modules/zod/')

describe('a restarted `onair run` and the reminder that fell due meanwhile', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  /** `onair run --json --lead <lead>` until it showed the soon program's `offset` reminder and polled; stopped by SIGINT. */
  async function runUntil(lead: string, offset: number, env: Record<string, string>) {
    const daemon = spawnCli(['run', '--json', '--lead', lead], env)
    try {
      await daemon.line(soon(offset))
      await daemon.line(polled)
    } finally {
      daemon.child.kill('SIGINT')
    }
    expect(await daemon.code).toBe(0)
    return daemon.stdout
  }

  async function servedOnce() {
    emu = await startEmulator({ port: 0, soonSeconds: 30 })
    const dataDir = join(tempDir('onair-restart-receipts-'), 'data')
    const env = await signedInEnv(emu, dataDir)
    await runUntil('2', 2, env)
    return { env, dataDir }
  }

  async function restart(env: Record<string, string>) {
    const probe = loadedAtFirstReminder()
    const stdout = await runUntil('2,1', 1, { ...env, NODE_OPTIONS: probe.option })
    return { stdout, loaded: probe.files() }
  }

  it('delivers it from the receipts, before zod and conf are loaded, once', async () => {
    const { env, dataDir } = await servedOnce()
    // A record made meanwhile (the outbox is read for "don't let me miss it") leaves its receipt too.
    expect((await runCliProcess(['record', String(SOON_EPISODE_ID), '--no-wait'], env)).code).toBe(0)
    for (const file of ['schedule.json', 'ledger.json', 'reminder-history.json', 'outbox.json'])
      expect(existsSync(join(dataDir, `${file}.receipt`)), file).toBe(true)
    const { stdout, loaded } = await restart(env)
    expect(loaded.some((f) => f.endsWith('/commands/run.cjs'))).toBe(true)
    expect(loaded.filter(holdsZod)).toEqual([])
    // Nor conf: the daemon chooses its document backend once that reminder is out.
    expect(loaded.filter((f) => f.endsWith('/chunks/conf-backend.cjs'))).toEqual([])
    expect(stdout.filter(soon(1))).toHaveLength(1)
    expect(stdout.filter(soon(2))).toEqual([])
  }, 30_000)

  it('leaves it to the validating start when the ledger has no receipt, which delivers it once', async () => {
    const { env, dataDir } = await servedOnce()
    rmSync(join(dataDir, 'ledger.json.receipt'))
    const { stdout, loaded } = await restart(env)
    expect(loaded.filter(holdsZod)).not.toEqual([])
    expect(stdout.filter(soon(1))).toHaveLength(1)
    expect(stdout.filter(soon(2))).toEqual([])
  }, 30_000)
})
