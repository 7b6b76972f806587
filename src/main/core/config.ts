import { z } from 'zod'
import type { Locale, LocalizedText } from '../../shared/locale'
import { ServiceAddress } from '../../shared/service-address'
import { secret, type SecretValue } from './auth/secret-value'
import { localeFromEnv } from './locale'
import { appDataDir, dataDirFor } from './store/data-dir'

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

const nonEmpty = z.string().trim().min(1, 'must not be empty')

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

const Raw = z
  .object({
    dataDir: nonEmpty,
    mediaUrl: ServiceAddress.optional(),
    wikiUrl: ServiceAddress.optional(),
    clientId: nonEmpty.optional(),
    clientSecret: nonEmpty.optional(),
    wikiToken: nonEmpty.optional(),
    redirectPort: z.coerce.number().int('must be a whole number').min(1).max(65535).optional()
  })
  .check((ctx) => {
    // A secret from the environment goes only to the address given beside it, never to one read
    // from the settings file, which any local program (or `onair config`) may have changed.
    const unpaired = (secret: 'clientSecret' | 'wikiToken', address: 'mediaUrl' | 'wikiUrl') => {
      if (ctx.value[secret] === undefined || ctx.value[address] !== undefined) return
      ctx.issues.push({
        code: 'custom',
        path: [secret],
        input: undefined,
        message: `is sent only to the address given with it: set ${SOURCES[address]} as well`
      })
    }
    unpaired('clientSecret', 'mediaUrl')
    unpaired('wikiToken', 'wikiUrl')
  })

export class ConfigError extends Error {
  readonly userMessage: LocalizedText

  constructor(problems: string[]) {
    const list = problems.join('; ')
    super(`invalid configuration: ${list}`)
    this.name = 'ConfigError'
    this.userMessage = { en: `Invalid configuration: ${list}.`, ja: `設定が正しくありません: ${list}。` }
  }
}

const blankToUndefined = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s)

export function resolveConfig(flags: ConfigFlags, env: Env, platform?: NodeJS.Platform): RuntimeConfig {
  const raw = {
    dataDir: dataDirFor(flags.dataDir ?? env.ONAIR_DATA_DIR, appDataDir(env, platform)),
    mediaUrl: blankToUndefined(flags.mediaUrl ?? env.ONAIR_MEDIA_URL),
    wikiUrl: blankToUndefined(flags.wikiUrl ?? env.ONAIR_WIKI_URL),
    clientId: blankToUndefined(flags.clientId ?? env.ONAIR_CLIENT_ID),
    clientSecret: blankToUndefined(env.ONAIR_CLIENT_SECRET),
    wikiToken: blankToUndefined(env.ONAIR_WIKI_TOKEN),
    redirectPort: blankToUndefined(flags.port ?? env.ONAIR_REDIRECT_PORT)
  }
  const parsed = Raw.safeParse(raw)
  if (!parsed.success) {
    // Never echo the rejected value: it may be a secret.
    throw new ConfigError(
      parsed.error.issues.map((i) => `${SOURCES[i.path[0] as keyof typeof SOURCES] ?? i.path.join('.')} ${i.message}`)
    )
  }
  const c = parsed.data
  return {
    dataDir: c.dataDir,
    mediaUrl: c.mediaUrl,
    wikiUrl: c.wikiUrl,
    clientId: c.clientId,
    clientSecret: secret(c.clientSecret),
    wikiToken: secret(c.wikiToken),
    redirectPort: c.redirectPort,
    locale: localeFromEnv(env)
  }
}
