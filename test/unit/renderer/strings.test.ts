import { describe, expect, it } from 'vitest'
import { fill } from '../../../src/renderer/src/lib/fill'

/** Every renderer string module: each exported `{ en, ja }`, also those grouped in a record. */
const modules = import.meta.glob<Record<string, unknown>>('../../../src/renderer/src/**/*strings.ts', { eager: true })

type Text = { en: string; ja: string }
const isText = (value: unknown): value is Text =>
  typeof value === 'object' && value !== null && 'en' in value && 'ja' in value

function texts(): [string, Text][] {
  const found: [string, Text][] = []
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isText(value)) found.push([`${file} ${name}`, value])
      else if (typeof value === 'object' && value !== null)
        for (const [key, inner] of Object.entries(value))
          if (isText(inner)) found.push([`${file} ${name}.${key}`, inner])
    }
  }
  return found
}

const placeholders = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()

describe('renderer texts', () => {
  it('finds the string modules of every view', () => {
    const folders = Object.keys(modules).map((file) => file.split('/').at(-2))
    for (const view of ['inbox', 'onboarding', 'records', 'reminders', 'schedule', 'settings', 'works'])
      expect(folders).toContain(view)
    expect(texts().length).toBeGreaterThan(200)
  })

  it('has every text in English and Japanese, with the same placeholders in both', () => {
    for (const [where, text] of texts()) {
      expect(typeof text.en === 'string' && text.en.trim(), where).toBeTruthy()
      expect(typeof text.ja === 'string' && text.ja.trim(), where).toBeTruthy()
      expect(placeholders(text.ja), where).toEqual(placeholders(text.en))
    }
  })

  it('fills placeholders by name and leaves an unknown one visible', () => {
    expect(fill('{n} min before, {n} again', { n: '5' })).toBe('5 min before, 5 again')
    expect(fill('Saved: {what}', {})).toBe('Saved: {what}')
  })
})
