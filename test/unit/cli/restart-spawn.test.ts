import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { signedInEnv } from '../../support/signed-in-env'
import { spawnCli } from './spawn-cli'

/**
 * A real `onair run` restarted after a reminder fell due while no daemon ran delivers it, once,
 * and never again the one the first daemon delivered. The seed's soon program starts in 30 s:
 * with `--lead 2` its reminder is 90 s late at the first start, with `--lead 2,1` the second start
 * owes the 1-minute one (30 s late).
 */
const soon = (offset: number) => (l: string) =>
  l.includes('"type":"reminder"') &&
  l.includes(`"programId":${SOON_PROGRAM_ID}`) &&
  l.includes(`"offsetMinutes":${offset}`)
const polled = (l: string) => l.includes('"type":"poll"')

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

  it('delivers it once, and not the one delivered before the restart', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 30 })
    const env = await signedInEnv(emu, join(tempDir('onair-restart-'), 'data'))
    await runUntil('2', 2, env)
    const stdout = await runUntil('2,1', 1, env)
    expect(stdout.filter(soon(1))).toHaveLength(1)
    expect(stdout.filter(soon(2))).toEqual([])
  }, 30_000)
})
