import type { Settings } from '../../../shared/settings'
import { serviceAddressProblem } from '../../../shared/service-address'
import type { LocalizedText } from '../../../shared/locale'

/**
 * What the account makes of the saved service addresses: one that breaks the address rule
 * (`shared/service-address.ts`) is refused — never used, never rewritten, and said so — and a
 * sign-in made at another address is a sign-out the user is told about.
 */
type Services = Settings['services']

export const ADDRESS_CHANGED: LocalizedText = {
  en: 'Signed out: the service address changed. Sign in again; nothing was sent to the new address.',
  ja: 'サインアウトしました: サービスのアドレスが変わりました。もう一度サインインしてください。新しいアドレスには何も送信していません。'
}

export const WIKI_ADDRESS_CHANGED: LocalizedText = {
  en: 'Signed out of the wiki: its address changed. Enter the personal access token again; it was not sent to the new address.',
  ja: 'Wiki からサインアウトしました: アドレスが変わりました。個人用アクセストークンをもう一度入力してください。新しいアドレスには送信していません。'
}

const LABELS = {
  mediaUrl: { en: 'media service', ja: '視聴記録サービス' },
  wikiUrl: { en: 'wiki', ja: 'Wiki' }
} as const

/** The first saved address that breaks the rule, as the sentence the user reads. */
export function savedAddressProblem(services: Services): LocalizedText | undefined {
  for (const field of ['mediaUrl', 'wikiUrl'] as const) {
    const address = services[field]
    const problem = address === '' ? undefined : serviceAddressProblem(address)
    if (!problem) continue
    const label = LABELS[field]
    return {
      en: `The saved ${label.en} address (services.${field}) is refused: it ${problem.en}. Onair sends nothing to it; enter the address again in Settings.`,
      ja: `保存されている${label.ja}のアドレス（services.${field}）は使えません: ${problem.ja}。このアドレスには何も送信しません。設定でアドレスを入力し直してください。`
    }
  }
  return undefined
}

/** The services with every refused address left out: what the account may use. */
export function usableServices(services: Services): Services {
  const usable = (address: string) => (address === '' || serviceAddressProblem(address) ? '' : address)
  return { ...services, mediaUrl: usable(services.mediaUrl), wikiUrl: usable(services.wikiUrl) }
}
