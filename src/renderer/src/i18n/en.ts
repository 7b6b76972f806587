/** English messages; the key set every other language must provide. */
export const en = {
  'app.title': 'Onair',
  'app.skipToContent': 'Skip to content',
  'nav.label': 'Main',
  'nav.home': 'Upcoming',
  'nav.settings': 'Settings',
  'home.heading': 'Upcoming episodes',
  'home.empty': 'Nothing to show yet. Your upcoming episodes will appear here.',
  'settings.heading': 'Settings',
  'settings.language': 'Language',
  'settings.language.auto': 'System default ({locale})',
  'info.loading': 'Loading…',
  'info.summary': 'Version {version} · {platform} · {locale}',
  'notice.dismiss': 'Dismiss',
  'error.prefix': 'Error:'
} as const

export type MessageKey = keyof typeof en
