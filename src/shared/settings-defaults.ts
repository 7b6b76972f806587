import type { Settings } from './settings'

/**
 * The settings of a fresh install as plain data, for the renderer (which must not bundle zod; see
 * the ESLint rule on its imports) until the saved ones arrive. Typed as the schema's output, so a
 * new field is a compile error here; `test/unit/renderer/settings-defaults.test.ts` checks every
 * value against `SettingsSchema.parse({})`, so the two cannot drift.
 */
const DEFAULTS: Settings = {
  version: 1,
  ui: { locale: 'system', dayBoundary: '05:00', extendedHours: false },
  reminders: {
    leadMinutes: [10, 0],
    quietHours: { enabled: false, start: '23:00', end: '07:00' },
    mode: 'all-except-muted',
    mutedWorkIds: [],
    pickedWorkIds: [],
    hideRebroadcasts: false,
    graceMinutes: 15,
    groupThreshold: 3,
    channels: {},
    onePerEpisode: true
  },
  poll: { cron: '*/10 * * * *', pastHours: 1, aheadHours: 48 },
  inbox: { cron: '*/5 * * * *', notify: true, webhook: { enabled: false, port: 0 } },
  services: { mediaUrl: '', wikiUrl: '', clientId: '', redirectPort: 0 },
  calendar: { durationMinutes: 30, alarms: false, subscribe: { enabled: false, port: 0 } },
  startup: { openAtLogin: false, hiddenAtLogin: true, showInDock: false },
  shortcuts: { toggleWindow: '', quickRecord: '' }
}

/** A fresh copy each time: callers keep it in `$state` and may change it. */
export function settingsDefaults(): Settings {
  return structuredClone(DEFAULTS)
}
