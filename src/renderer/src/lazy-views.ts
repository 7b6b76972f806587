import { lazy } from './lib/lazy'

/**
 * The views the first screen (the schedule, or any other tab) does not show, fetched the first
 * time one opens: the window starts on fewer bytes, and a view added here costs the
 * first screen nothing. App.svelte shows `lazyViews[router.view]` for every `router.view` it does
 * not import itself: a new view (a Reminders history, say) is a `View` in router.svelte.ts and a
 * line here. They share one chunk ("later" in electron.vite.config.ts), which costs the budget least.
 */
export const lazyViews = {
  settings: lazy(() => import('./views/settings/Settings.svelte')),
  /** What became of this week's reminders, opened from the schedule. */
  reminders: lazy(() => import('./views/reminders/Reminders.svelte'))
}

/** Onboarding covers every view until the account is set up: most starts never need it. */
export const onboardingView = lazy(() => import('./views/onboarding/Onboarding.svelte'))

/** An inbox article's preview and its sanitizer, opened from an inbox entry. */
export const articlePreviewView = lazy(() => import('./views/inbox/ArticlePreview.svelte'))
