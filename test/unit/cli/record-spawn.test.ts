import { afterAll, beforeAll, expect, it } from 'vitest'
import { startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { spawnCli } from './spawn-cli'
import { savedDocument } from '../../support/saved-documents'
import { signedInEnv } from '../../support/signed-in-env'

/** Ctrl-C needs a real process: one spawn of the binary, interrupted during the undo window. */
let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
})
afterAll(() => emu.close())

it('Ctrl-C during the undo window undoes the record: nothing sent, exit 1', async () => {
  const env = await signedInEnv(emu)
  const run = spawnCli(['record', '301'], env)
  const countdown = new Promise<void>((res) =>
    run.child.stderr!.on('data', () => {
      if (run.stderr().includes('Press Ctrl-C to undo')) res()
    })
  )
  await countdown
  run.child.kill('SIGINT')
  expect(await run.code).toBe(1)
  const stderr = run.stderr()
  expect(stderr).toContain('Sending in 10 s. Press Ctrl-C to undo.')
  expect(stderr).toContain('Undone: nothing was sent.')
  expect(emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === 301)).toEqual([])
  expect(savedDocument<{ entries: unknown[] }>(env.ONAIR_DATA_DIR, 'outbox')?.entries ?? []).toEqual([])
}, 20_000)
