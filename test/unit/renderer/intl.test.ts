import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '../../../src/renderer/src/lib/intl'

describe('shared Intl formatters', () => {
  it('builds one formatter per locale and options, and a new one when either differs', () => {
    const tokyo = { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
    expect(dateTimeFormat('en', { ...tokyo })).toBe(dateTimeFormat('en', { ...tokyo }))
    expect(dateTimeFormat('ja', tokyo)).not.toBe(dateTimeFormat('en', tokyo))
    expect(dateTimeFormat('en', { ...tokyo, timeZone: 'UTC' })).not.toBe(dateTimeFormat('en', tokyo))
    expect(numberFormat('en', { style: 'unit', unit: 'hour' })).toBe(
      numberFormat('en', { style: 'unit', unit: 'hour' })
    )
    expect(numberFormat('en', { style: 'unit', unit: 'hour' })).not.toBe(
      numberFormat('en', { style: 'unit', unit: 'minute' })
    )
    expect(relativeTimeFormat('en', { numeric: 'auto' })).toBe(relativeTimeFormat('en', { numeric: 'auto' }))
  })

  it('keeps the kinds apart even with the same locale and options', () => {
    expect(dateTimeFormat('en')).toBeInstanceOf(Intl.DateTimeFormat)
    expect(numberFormat('en')).toBeInstanceOf(Intl.NumberFormat)
    expect(relativeTimeFormat('en')).toBeInstanceOf(Intl.RelativeTimeFormat)
  })

  it('formats as a formatter built for the call would', () => {
    const at = Date.UTC(2026, 10, 22, 16, 30)
    const opts = { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
    expect(dateTimeFormat('en', opts).format(at)).toBe(new Intl.DateTimeFormat('en', opts).format(at))
    expect(numberFormat('ja', { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(5)).toBe('5 分')
  })
})
