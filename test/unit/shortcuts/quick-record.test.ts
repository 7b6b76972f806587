import { describe, expect, it } from 'vitest'
import { JUST_ENDED_MINUTES, quickRecordProgram } from '../../../src/main/core/shortcuts/quick-record'
import { BASE, MIN, program } from '../programs/fixtures'

describe('the program the quick-record shortcut opens', () => {
  const earlier = program(1, BASE - 60 * MIN)
  const onAir = program(2, BASE - 10 * MIN)
  const next = program(3, BASE + 5 * MIN)

  it('the one on air now, not the one before it nor the next', () => {
    expect(quickRecordProgram([earlier, onAir, next], BASE, 30)?.id).toBe(2)
  })

  it('after its end, still the one that just ended for 30 minutes, then nothing', () => {
    const ended = BASE + 20 * MIN // onAir ran 10 minutes before BASE until 20 after
    expect(quickRecordProgram([earlier, onAir], ended + (JUST_ENDED_MINUTES - 1) * MIN, 30)?.id).toBe(2)
    expect(quickRecordProgram([earlier, onAir], ended + JUST_ENDED_MINUTES * MIN, 30)).toBeNull()
  })

  it('follows the slot length setting, skips programs without an episode, and breaks ties by id', () => {
    // A 90-minute slot: started 100 minutes ago, ended 10 ago.
    const film = program(4, BASE - 100 * MIN)
    expect(quickRecordProgram([film], BASE, 90)?.id).toBe(4)
    expect(quickRecordProgram([film], BASE, 30)).toBeNull()
    const noEpisode = { ...program(5, BASE - 5 * MIN), episode: null }
    expect(quickRecordProgram([onAir, noEpisode], BASE, 30)?.id).toBe(2)
    const twin = program(1, BASE - 10 * MIN)
    expect(quickRecordProgram([onAir, twin], BASE, 30)?.id).toBe(1)
    expect(quickRecordProgram([twin, onAir], BASE, 30)?.id).toBe(1)
  })
})
