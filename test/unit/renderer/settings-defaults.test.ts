import { describe, expect, it } from 'vitest'
import { defaultSettings, SettingsSchema } from '../../../src/shared/settings'
import { settingsDefaults } from '../../../src/shared/settings-defaults'

describe("the renderer's plain settings defaults", () => {
  it("equal the schema's defaults, field for field", () => {
    expect(settingsDefaults()).toStrictEqual(defaultSettings())
  })

  it('are valid settings as they stand', () => {
    expect(SettingsSchema.parse(settingsDefaults())).toStrictEqual(settingsDefaults())
  })

  it('are a fresh copy each time, so a view changing its copy changes no other', () => {
    const mine = settingsDefaults()
    mine.reminders.mutedWorkIds.push(3)
    mine.ui.locale = 'ja'
    expect(settingsDefaults().reminders.mutedWorkIds).toEqual([])
    expect(settingsDefaults().ui.locale).toBe('system')
  })
})
