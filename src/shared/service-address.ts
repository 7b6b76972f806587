import type { LocalizedText } from './locale'

/**
 * The one rule for a service address (the media service, the wiki), wherever one enters Onair:
 * the IPC contract, the settings file at start, the command line's flags and environment: the
 * function for code that decides; the zod schema built on it (`ServiceAddress`) is the IPC
 * contract's (contract/auth.ts). No zod here: the command line checks its flags with this file
 * alone, and a command that only reads should start about as fast as Node itself.
 *
 * `https://`, or `http://` only to this computer (127.0.0.1, ::1, localhost: the emulator and
 * local development), because tokens and the client secret travel to this address: over plain
 * http to another host anyone on the way reads them. No credentials in the address (they would be
 * sent and logged with it), no spaces (the address is handed to a browser and a shell's opener).
 *
 * The messages never repeat the address: one with a password in it is itself a secret.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** Longer than any real service address; a bound for what the checks and the store keep. */
export const MAX_ADDRESS_LENGTH = 2048

const problem = (en: string, ja: string): LocalizedText => ({ en, ja })

/**
 * Undefined when `raw` (already trimmed) may be used as a service address; else why not, worded
 * to follow the address's name ("ONAIR_MEDIA_URL must start with https://").
 */
export function serviceAddressProblem(raw: string): LocalizedText | undefined {
  if (raw.length > MAX_ADDRESS_LENGTH) return problem('is too long', 'アドレスが長すぎます')
  if (/\s/.test(raw)) return problem('must not contain spaces', 'アドレスに空白は使えません')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return problem(
      'must be a web address such as https://example.com',
      'https://example.com のような Web アドレスを入力してください'
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return problem('must start with https://', 'https:// で始まるアドレスを入力してください')
  }
  if (url.username !== '' || url.password !== '') {
    return problem('must not contain a user name or password', 'ユーザー名やパスワードを含めることはできません')
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return problem(
      'must start with https:// (http:// only for this computer: 127.0.0.1, ::1 or localhost), so tokens never cross the network unencrypted',
      'https:// で始まるアドレスを入力してください（http:// はこのコンピューター（127.0.0.1、::1、localhost）のみ）。トークンを暗号化せずにネットワークへ送らないためです'
    )
  }
  return undefined
}

/** The address as stored and compared: trimmed, without trailing slashes. */
export function normalizeServiceAddress(raw: string): string {
  return raw.trim().replace(/\/+$/, '')
}

/**
 * Scheme, host and port: what a secret is bound to (a token given for https://a.example/api is
 * sent to any path there, never to another host or port). Only for addresses that passed the check.
 */
export function originOf(address: string): string {
  return new URL(address).origin
}
