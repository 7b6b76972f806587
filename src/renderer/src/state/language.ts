import { invoke } from '../lib/api'
import { chooseLanguage, type LanguageChoice } from '../i18n/index.svelte'

/** Applies the saved choice at start-up; a core without settings keeps the system language. */
export async function loadLanguage(): Promise<void> {
  try {
    chooseLanguage((await invoke('settings:get')).ui.locale)
  } catch {
    // No settings in this composition: the language simply is not remembered.
  }
}

export async function saveLanguage(choice: LanguageChoice): Promise<void> {
  try {
    await invoke('settings:update', { ui: { locale: choice } })
  } catch {
    // Not remembered across restarts, but the language still changes now.
  }
}
