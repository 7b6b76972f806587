import { describe, expect, it } from 'vitest'
import { airState, formatDuration, secondsLeft, SLOT_MS } from '../../../src/renderer/src/lib/countdown'

const START = '2026-11-22T12:00:00Z'
const T = Date.parse(START)

describe('countdown', () => {
  it('is upcoming before the start, on air for a slot, then past', () => {
    expect(airState(START, T - 90_000)).toEqual({ kind: 'upcoming', msLeft: 90_000 })
    expect(airState(START, T)).toEqual({ kind: 'on-air' })
    expect(airState(START, T + SLOT_MS - 1)).toEqual({ kind: 'on-air' })
    expect(airState(START, T + SLOT_MS)).toEqual({ kind: 'past' })
  })

  it('formats minutes, hours and days in both languages', () => {
    expect(formatDuration(90_000, 'en')).toBe('2 min')
    expect(formatDuration(1, 'en')).toBe('1 min')
    expect(formatDuration(125 * 60_000, 'en')).toBe('2 hr 5 min')
    expect(formatDuration(120 * 60_000, 'en')).toBe('2 hr')
    expect(formatDuration(125 * 60_000, 'ja')).toBe('2 時間 5 分')
    expect(formatDuration(3 * 24 * 3600_000, 'en')).toBe('3 days')
  })

  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(T + 10_000, T)).toBe(10)
    expect(secondsLeft(T + 9_001, T)).toBe(10)
    expect(secondsLeft(T, T + 5)).toBe(0)
  })
})
