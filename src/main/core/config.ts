import type { Locale, LocalizedText } from '../../shared/locale'
import { normalizeServiceAddress, serviceAddressProblem } from '../../shared/service-address'
import { secret, type SecretValue } from './auth/secret-value'
import { localeFromEnv } from './locale'
import { appDataDir, dataDirFor } from './store/data-files'

/**
 * Runtime configuration of the headless faces (CLI, headless daemon) from flags and the
 * environment, flags winning. Secrets come from the environment only: a flag would show them in
 * `ps` and the shell history. Secret values are SecretValue, so printing the config never leaks.
 */
export interface RuntimeConfig {
  dataDir: string
  mediaUrl: string | undefined
  wikiUrl: string | undefined
  clientId: string | undefined
  clientSecret: SecretValue | undefined
  wikiToken: SecretValue | undefined
  /** Fixed loopback port for registrations that need one; undefined picks a free port. */
  redirectPort: number | undefined
  locale: Locale
}

export interface ConfigFlags {
  dataDir?: string
  mediaUrl?: string
  wikiUrl?: string
  clientId?: string
  port?: string
}

type Env = Record<string, string | undefined>

type RawKey = 'dataDir' | 'mediaUrl' | 'wikiUrl' | 'clientId' | 'clientSecret' | 'wikiToken' | 'redirectPort'

/** Where each setting comes from, for messages that name what the user can fix. */
const SOURCES: Record<RawKey, string> = {
  dataDir: '--data-dir / ONAIR_DATA_DIR',
  mediaUrl: '--media-url / ONAIR_MEDIA_URL',
  wikiUrl: '--wiki-url / ONAIR_WIKI_URL',
  clientId: '--client-id / ONAIR_CLIENT_ID',
  clientSecret: 'ONAIR_CLIENT_SECRET',
  wikiToken: 'ONAIR_WIKI_TOKEN',
  redirectPort: '--port / ONAIR_REDIRECT_PORT'
}

/** One thing wrong, worded to follow the name of where it came from ("--port / … must be …"). */
type Problem = { key: RawKey; why: LocalizedText }

/**
 * The checks are plain code, not a zod schema: every command resolves its configuration, and one
 * that only reads (`onair config get`) should not load zod, the bulk of its start, to do it. The
 * address rule is the one the IPC contract's schema uses (service-address.ts).
 */
function address(key: 'mediaUrl' | 'wikiUrl', raw: string | undefined, problems: Problem[]): string | undefined {
  if (raw === undefined) return undefined
  const why = serviceAddressProblem(raw.trim())
  if (why) problems.push({ key, why })
  return normalizeServiceAddress(raw)
}

function port(raw: string | undefined, problems: Problem[]): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw.trim())
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    problems.push({
      key: 'redirectPort',
      why: { en: 'must be a whole number from 1 to 65535', ja: '1〜65535 の整数を指定してください' }
    })
  return n
}

/**
 * A secret from the environment goes only to the address given beside it, never to one read from
 * the settings file, which any local program (or `onair config`) may have changed.
 */
function unpaired(secret: 'clientSecret' | 'wikiToken', address: 'mediaUrl' | 'wikiUrl'): Problem {
  return {
    key: secret,
    why: {
      en: `is sent only to the address given with it: set ${SOURCES[address]} as well`,
      ja: `一緒に指定したアドレスにだけ送ります。${SOURCES[address]} も指定してください`
    }
  }
}

export class ConfigError extends Error {
  readonly userMessage: LocalizedText

  constructor(problems: Problem[]) {
    // English reads on from the source's name ("--port / ONAIR_REDIRECT_PORT must be …"); each
    // Japanese reason is a sentence of its own after it.
    const list = (locale: Locale) =>
      problems.map((p) => `${SOURCES[p.key]}${locale === 'en' ? ' ' : ': '}${p.why[locale]}`)
    super(`invalid configuration: ${list('en').join('; ')}`)
    this.name = 'ConfigError'
    this.userMessage = {
      en: `Invalid configuration: ${list('en').join('; ')}.`,
      ja: `設定が正しくありません: ${list('ja').join('、')}。`
    }
  }
}

const blankToUndefined = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s)

export function resolveConfig(flags: ConfigFlags, env: Env, platform?: NodeJS.Platform): RuntimeConfig {
  // Blank values count as not given; given ones are used trimmed. Never echo a rejected value: it may be a secret.
  const clientSecret = blankToUndefined(env.ONAIR_CLIENT_SECRET)?.trim()
  const wikiToken = blankToUndefined(env.ONAIR_WIKI_TOKEN)?.trim()
  const problems: Problem[] = []
  const mediaUrl = address('mediaUrl', blankToUndefined(flags.mediaUrl ?? env.ONAIR_MEDIA_URL), problems)
  const wikiUrl = address('wikiUrl', blankToUndefined(flags.wikiUrl ?? env.ONAIR_WIKI_URL), problems)
  const redirectPort = port(blankToUndefined(flags.port ?? env.ONAIR_REDIRECT_PORT), problems)
  if (clientSecret !== undefined && mediaUrl === undefined) problems.push(unpaired('clientSecret', 'mediaUrl'))
  if (wikiToken !== undefined && wikiUrl === undefined) problems.push(unpaired('wikiToken', 'wikiUrl'))
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    dataDir: dataDirFor(flags.dataDir ?? env.ONAIR_DATA_DIR, appDataDir(env, platform)),
    mediaUrl,
    wikiUrl,
    clientId: blankToUndefined(flags.clientId ?? env.ONAIR_CLIENT_ID)?.trim(),
    clientSecret: secret(clientSecret),
    wikiToken: secret(wikiToken),
    redirectPort,
    locale: localeFromEnv(env)
  }
}
