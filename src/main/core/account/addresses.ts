import type { Settings } from '../../../shared/settings'
import { serviceAddressProblem } from '../../../shared/service-address'
import type { Locale, LocalizedText } from '../../../shared/locale'

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

/** What the data folder keeps about earlier sign-ins, as far as the reason needs it. */
export interface KeptSignIn {
  /** The address the saved session was made at. */
  sessionAt: string | undefined
  /** A token is kept, but for another origin than `address` (or one saved before origins were). */
  elsewhere: (name: 'mediaAccessToken' | 'wikiToken', address: string) => boolean
}

/**
 * Why the account has no sign-in (or wiki token) although one was made, in the user's words: a
 * saved address the rule refuses, or what is kept belongs to another address than the one now set.
 */
export function whySignedOut(
  services: Services,
  kept: KeptSignIn,
  service: 'media' | 'wiki'
): LocalizedText | undefined {
  const refused = savedAddressProblem(services)
  if (refused) return refused
  const { mediaUrl, wikiUrl } = usableServices(services)
  if (service === 'wiki')
    return wikiUrl !== '' && kept.elsewhere('wikiToken', wikiUrl) ? WIKI_ADDRESS_CHANGED : undefined
  if (mediaUrl === '') return undefined
  const moved =
    (kept.sessionAt !== undefined && kept.sessionAt !== mediaUrl) || kept.elsewhere('mediaAccessToken', mediaUrl)
  return moved ? ADDRESS_CHANGED : undefined
}

/** A saved service address the window asks to replace. */
export interface AddressChange {
  service: 'media' | 'wiki'
  from: string
  to: string
}

type Addresses = Pick<Services, 'mediaUrl' | 'wikiUrl'>

/**
 * The addresses in use that an update replaces with another. A first address replaces nothing (no
 * token or secret exists for it yet, so there is nothing a page could redirect), and a removed
 * one sends nothing anywhere: neither needs asking.
 */
export function replacedAddresses(inUse: Addresses, next: Addresses): AddressChange[] {
  const replaced = (from: string, to: string) => from !== '' && to !== '' && from !== to
  const changes: AddressChange[] = []
  if (replaced(inUse.mediaUrl, next.mediaUrl))
    changes.push({ service: 'media', from: inUse.mediaUrl, to: next.mediaUrl })
  if (replaced(inUse.wikiUrl, next.wikiUrl)) changes.push({ service: 'wiki', from: inUse.wikiUrl, to: next.wikiUrl })
  return changes
}

/** The host the user knows an address by; the whole address when that is all that differs. */
const hostOf = (address: string): string => {
  try {
    return new URL(address).host
  } catch {
    return address
  }
}

/** What the main process's own dialog asks before an address from the window takes effect. */
export function addressChangeQuestion(changes: readonly AddressChange[]) {
  const lines = (lang: Locale) =>
    changes.map((c) => {
      const [from, to] = hostOf(c.from) === hostOf(c.to) ? [c.from, c.to] : [hostOf(c.from), hostOf(c.to)]
      const label = LABELS[c.service === 'media' ? 'mediaUrl' : 'wikiUrl'][lang]
      return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${from} → ${to}`
    })
  return {
    message: { en: 'Change the service address?', ja: 'サービスのアドレスを変更しますか？' },
    detail: {
      en: `${lines('en').join('\n')}\n\nYou will be signed out there. What Onair keeps for the old address (tokens, the client secret) is never sent to the new one: you sign in again. Change it only if you entered this address yourself.`,
      ja: `${lines('ja').join('\n')}\n\nサインアウトします。古いアドレス用に保存しているもの（トークン、クライアントシークレット）は新しいアドレスには送信しません。もう一度サインインしてください。ご自身で入力したアドレスの場合だけ変更してください。`
    },
    confirm: { en: 'Change address', ja: 'アドレスを変更' },
    cancel: { en: 'Cancel', ja: 'キャンセル' }
  }
}
