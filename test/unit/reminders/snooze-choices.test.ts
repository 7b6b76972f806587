import { describe, expect, it } from 'vitest'
import {
  choiceOfButton,
  snoozeButtons,
  snoozeChoices,
  snoozeUntil
} from '../../../src/main/core/reminders/snooze-choices'

const MIN = 60_000
const START = Date.UTC(2026, 10, 22, 12)
const at = (minutes: number) => START + minutes * MIN
const plain = { startedAt: new Date(START).toISOString(), shiftMinutes: 0 }
/** A streaming channel a day late: the episode can be watched 24 hours after the broadcast. */
const streamed = { ...plain, shiftMinutes: 1440 }

describe('which snooze choices a reminder offers', () => {
  it('before the start: until it starts; after it, not', () => {
    expect(snoozeChoices(plain, at(-10))).toEqual(['5', 'start', '10', '30'])
    expect(snoozeChoices(plain, at(0))).toEqual(['5', '10', '30'])
  })

  it('on a channel with a watch offset: until I can watch, while that moment is ahead', () => {
    expect(snoozeChoices(streamed, at(-10))).toEqual(['5', 'watch', 'start', '10', '30'])
    expect(snoozeChoices(streamed, at(1440))).toEqual(['5', '10', '30'])
  })

  it('each brings the reminder back at its moment; a passed moment is no choice', () => {
    expect(snoozeUntil('start', plain, at(-10))).toBe(START)
    expect(snoozeUntil('watch', streamed, at(-10))).toBe(at(1440))
    expect(snoozeUntil('30', plain, at(-10))).toBe(at(20))
    expect(snoozeUntil('start', plain, at(1))).toBeNull()
    expect(snoozeUntil('watch', plain, at(-10))).toBeNull()
  })
})

describe('the buttons each system shows', () => {
  const choices = snoozeChoices(streamed, at(-10))
  it('Windows four snoozes, Linux two, macOS one; in the user’s language', () => {
    expect(snoozeButtons(choices, 'win32', 'en').map((b) => b.text)).toEqual([
      'Snooze 5 min',
      'Until I can watch',
      'Until it starts',
      'Snooze 10 min'
    ])
    expect(snoozeButtons(choices, 'linux', 'ja')).toEqual([
      { id: 'snooze', text: '5分後に再通知' },
      { id: 'snooze:watch', text: '視聴できる時に再通知' }
    ])
    expect(snoozeButtons(choices, 'darwin', 'en')).toEqual([{ id: 'snooze', text: 'Snooze 5 min' }])
  })

  it('a pressed button is its choice; anything else is none', () => {
    expect(['snooze', 'snooze:30', 'snooze:watch', 'snooze:7', 'watched'].map(choiceOfButton)).toEqual([
      '5',
      '30',
      'watch',
      undefined,
      undefined
    ])
  })
})
