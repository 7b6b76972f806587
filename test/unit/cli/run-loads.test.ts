import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { spawnCli } from './spawn-cli'
import { signedInEnv } from '../../support/signed-in-env'

const scratch = tempDir('onair-run-loads-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** The built files a real `onair` process had loaded when it exited. */
async function loadedBy(args: string[], env: Record<string, string>, until: (line: string) => boolean) {
  const probe = join(scratch, 'probe.cjs')
  const list = join(scratch, 'loaded.json')
  writeFileSync(
    probe,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))))`
  )
  const cli = spawnCli(args, { ...env, NODE_OPTIONS: `--require ${probe}` })
  await cli.line(until)
  cli.child.kill('SIGINT')
  expect(await cli.code).toBe(0)
  return (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter((f) => f.includes('/out/cli/'))
}

const holdsCalendarLibrary = (file: string) => readFileSync(file, 'utf8').includes('node_modules/ical-generator/')

describe('what onair run loads', () => {
  it('polls and reminds without the calendar library, which cost the daemon 0.2-0.7 MB resident', async () => {
    const emu = await startEmulator({ port: 0 })
    try {
      const loaded = await loadedBy(['run', '--json'], await signedInEnv(emu), (l) => l.includes('"type":"poll"'))
      expect(loaded.some((f) => f.endsWith('/commands/run.cjs'))).toBe(true)
      expect(loaded.filter(holdsCalendarLibrary)).toEqual([])
    } finally {
      await emu.close()
    }
  }, 20_000)
})
