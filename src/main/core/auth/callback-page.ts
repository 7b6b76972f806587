import type { Locale } from '../../../shared/locale'

/**
 * The page the browser shows after the redirect back to Onair. It never echoes what came in the
 * query string: everything in it is our own fixed text, so there is nothing to escape but the
 * defence stays in place in case a caller ever passes something dynamic.
 */
export type PageOutcome = 'success' | 'denied' | 'forgery' | 'failed'

const TEXT: Record<PageOutcome, Record<Locale, { title: string; body: string }>> = {
  success: {
    en: { title: 'Signed in to Onair', body: 'You can close this tab and return to Onair.' },
    ja: { title: 'Onair にサインインしました', body: 'このタブを閉じて Onair に戻ってください。' }
  },
  denied: {
    en: { title: 'Sign-in cancelled', body: 'Access was not allowed. Return to Onair to try again.' },
    ja: {
      title: 'サインインをキャンセルしました',
      body: 'アクセスは許可されませんでした。Onair に戻って、もう一度お試しください。'
    }
  },
  forgery: {
    en: {
      title: 'Sign-in rejected',
      body: 'This answer does not belong to a sign-in Onair started, so it was ignored. Return to Onair and start again.'
    },
    ja: {
      title: 'サインインを拒否しました',
      body: 'この応答は Onair が始めたサインインのものではないため、無視しました。Onair に戻って、もう一度お試しください。'
    }
  },
  failed: {
    en: { title: 'Sign-in failed', body: 'Return to Onair to see what happened and try again.' },
    ja: { title: 'サインインに失敗しました', body: 'Onair に戻って内容を確認し、もう一度お試しください。' }
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function callbackPage(outcome: PageOutcome, locale: Locale): string {
  const t = TEXT[outcome][locale]
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.body)}</p></body></html>
`
}
