import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HistoryEntrySchema } from '../../../src/shared/reminder-history'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { signedInEnv } from '../../support/signed-in-env'
import { runCliProcess, spawnCli } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'

describe('`onair reminders` as a real process, beside a real `onair run` on the same folder', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('lists the reminder the daemon showed, in JSON and in both languages; --since filters; a bad --since is a usage error', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 2 })
    const root = tempDir('onair-reminders-')
    const env = await signedInEnv(emu, join(root, 'data'))

    const empty = await runCliProcess(['reminders'], env)
    expect(empty).toMatchObject({ code: 0, stdout: [] })
    expect(empty.stderr).toContain('No reminders in this period.')

    const daemon = spawnCli(['run', '--json', '--lead', '0'], env)
    try {
      await daemon.line((l) => l.includes('"type":"reminder"') && l.includes(`"programId":${SOON_PROGRAM_ID}`))

      // While the daemon still runs: the history is the folder's, not the daemon's.
      const json = await runCliProcess(['reminders', '--json'], env)
      expect(json.code).toBe(0)
      const entries = HistoryEntrySchema.array().parse(JSON.parse(json.stdout[0]!).entries)
      const soon = entries.filter((e) => e.reminders.some((r) => r.program.id === SOON_PROGRAM_ID))
      expect(soon).toEqual([expect.objectContaining({ outcome: 'delivered', lateMs: expect.any(Number) })])
      expect(soon[0]!.lateMs).toBeLessThan(5_000)

      const en = await runCliProcess(['reminders', '--since', '1h'], env)
      expect(en.code).toBe(0)
      expect(en.stdout.find((l) => l.includes('Starlit Courier'))).toMatch(
        /^\d\d:\d\d {2}Shown: \d\d:\d\d Starlit Courier Ep\. 6/
      )
      const ja = await runCliProcess(['reminders'], { ...env, LANG: 'ja_JP.UTF-8' })
      expect(ja.stdout.find((l) => l.includes('Starlit Courier'))).toMatch(/ {2}通知: \d\d:\d\d Starlit Courier 第6話/)

      // The seed's first episodes: each work's premiere printed once, beside its notification.
      const premieres = daemon.stdout.filter((l) => l.includes('"type":"premiere"')).map((l) => JSON.parse(l))
      expect(premieres.length).toBeGreaterThan(0)
      expect(new Set(premieres.map((p: { workId: number }) => p.workId)).size).toBe(premieres.length)
      expect(premieres[0]).toEqual({
        type: 'premiere',
        programId: expect.any(Number),
        workId: expect.any(Number),
        startedAt: expect.any(String),
        firedAt: expect.any(String)
      })
      // ...and each in the history, whether one notice named it alone or with others.
      const history = await runCliProcess(['reminders', '--json'], env)
      const announced = HistoryEntrySchema.array()
        .parse(JSON.parse(history.stdout[0]!).entries)
        .filter((e) => e.outcome === 'premiere')
        .flatMap((e) => e.reminders.map((r) => r.key))
      expect(announced.sort()).toEqual(premieres.map((p: { workId: number }) => `premiere:${p.workId}`).sort())
      const text = await runCliProcess(['reminders'], env)
      expect(text.stdout.filter((l) => l.includes('Premiere announced'))).toHaveLength(premieres.length)

      const bad = await runCliProcess(['reminders', '--since', 'yesterday'], env)
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('--since takes a duration up to 7d')
      expect((await runCliProcess(['reminders', '--since', '8d'], env)).code).toBe(2)
    } finally {
      daemon.child.kill('SIGINT')
      expect(await daemon.code).toBe(0)
    }
  }, 30_000)
})
