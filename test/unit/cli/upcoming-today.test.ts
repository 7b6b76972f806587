import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { scheduleFileStore } from '../../../src/main/core/programs/schedule-file'
import { startEmulator, type Emulator } from '../../emulator/index'
import { ManualClock } from '../../support/manual-clock'
import { program } from '../programs/fixtures'
import { fakeIo } from '../../support/fake-io'
import { signedInEnv } from '../../support/signed-in-env'

/** `onair upcoming --today` over a saved schedule, at 18:00 in Tokyo (no daylight saving there). */
const at = (tokyo: string) => Date.parse(`${tokyo}+09:00`)

describe("onair upcoming --today: tonight's times", () => {
  let emu: Emulator
  let env: Record<string, string>
  const clock = new ManualClock(at('2026-12-03T18:00'))
  const run = async (args: string[], lang = 'en_US.UTF-8') => {
    const io = fakeIo({ ...env, LANG: lang })
    expect(await runCli(['upcoming', '--from-cache', ...args], io, clock)).toBe(0)
    return io.stdout.map((line) => line.replace(/ {2}\S+( \S+)?$/, ''))
  }
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
    env = await signedInEnv(emu)
    expect(await runCli(['config', 'set', 'reminders.timeZone', 'Asia/Tokyo'], fakeIo(env))).toBe(0)
    scheduleFileStore(env.ONAIR_DATA_DIR!).write({
      fetchedAt: new Date(clock.now()).toISOString(),
      programs: [
        program(1, at('2026-12-03T22:00'), { title: 'Evening' }),
        program(2, at('2026-12-04T01:30'), { title: 'Late night' }),
        program(3, at('2026-12-04T06:00'), { title: 'Tomorrow morning' })
      ]
    })
  })
  afterAll(() => emu.close())

  it('a slot after midnight reads 01:30 with its weekday, or 25:30 of tonight in extended hours, in both languages', async () => {
    expect(await run(['--today'])).toEqual(['22:00 Evening Ep. 1 (TOKYO MX)', 'Fri 01:30 Late night Ep. 1 (TOKYO MX)'])
    expect(await runCli(['config', 'set', 'ui.extendedHours', 'true'], fakeIo(env))).toBe(0)
    expect(await run(['--today'])).toEqual(['22:00 Evening Ep. 1 (TOKYO MX)', '25:30 Late night Ep. 1 (TOKYO MX)'])
    expect(await run(['--today'], 'ja_JP.UTF-8')).toEqual([
      '22:00 Evening #1 (TOKYO MX)',
      '25:30 Late night #1 (TOKYO MX)'
    ])
    // The whole window spans days, each slot with its weekday where not today, as before.
    expect(await run([])).toEqual([
      '22:00 Evening Ep. 1 (TOKYO MX)',
      'Fri 01:30 Late night Ep. 1 (TOKYO MX)',
      'Fri 06:00 Tomorrow morning Ep. 1 (TOKYO MX)'
    ])
  })
})
