import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { fileBackend } from '../../../src/main/core/store/document-backend'
import { tempDir } from '../../support/temp-dir'
import { settingsFileContract } from './settings-file-contract'

describe('settings store', () => {
  it('fills every missing section and field with its default, keeping what the user set', () => {
    const dir = tempDir('onair-settings-')
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ ui: { locale: 'ja' }, reminders: { leadMinutes: [0, 30, 30] } })
    )
    const s = settingsFileStore(dir).read()
    expect(s.ui).toEqual({
      locale: 'ja',
      dayBoundary: '05:00',
      extendedHours: false,
      menuBarCountdown: false,
      unreadBadge: true
    })
    expect(s.reminders.leadMinutes).toEqual([30, 0])
    expect(s.poll.cron).toBe('*/10 * * * *')
    expect(s.inbox.webhook.enabled).toBe(false)
  })

  it('falls back to defaults when a value is out of range instead of trusting it', () => {
    const dir = tempDir('onair-settings-')
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ui: { dayBoundary: '29:00' } }))
    const moved: string[] = []
    const s = settingsFileStore(dir, (r) => moved.push(r.movedTo)).read()
    expect(s.ui.dayBoundary).toBe('05:00')
    expect(moved).toHaveLength(1)
  })
})

settingsFileContract('a plain file', () => fileBackend)
