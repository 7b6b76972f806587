import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'
import type { Locale, LocalizedText } from '../../shared/locale'
import { systemClock, type Clock } from '../core/clock'
import { localeFromEnv } from '../core/locale'
import { dataDirProblem } from '../core/store/data-dir'
import { EXIT, UsageError, type Command, type ExitCode, type Io, type OptionSpec } from './command'
import { COMMANDS, type CommandEntry } from './registry'
import { cliVersion, nodeSupport } from './version'

/**
 * `onair <command> [flags]`: finds the command, parses its flags together with the configuration
 * flags every command accepts, resolves the configuration, and maps the outcome to the exit code
 * (0 ok, 1 failure, 2 usage or configuration error). The command's code and the configuration's
 * validation are imported only once a command is named, so `--help` and `--version` stay a bare
 * Node start.
 */
const COMMON: Record<string, OptionSpec> = {
  'data-dir': {
    type: 'string',
    value: 'dir',
    help: { en: 'data folder (ONAIR_DATA_DIR)', ja: 'データフォルダー（ONAIR_DATA_DIR）' }
  },
  'media-url': {
    type: 'string',
    value: 'url',
    help: {
      en: 'media-tracking service address (ONAIR_MEDIA_URL)',
      ja: '視聴記録サービスのアドレス（ONAIR_MEDIA_URL）'
    }
  },
  'wiki-url': {
    type: 'string',
    value: 'url',
    help: { en: 'wiki service address (ONAIR_WIKI_URL)', ja: 'Wikiサービスのアドレス（ONAIR_WIKI_URL）' }
  },
  'client-id': {
    type: 'string',
    value: 'id',
    help: { en: 'OAuth client id (ONAIR_CLIENT_ID)', ja: 'OAuth クライアント ID（ONAIR_CLIENT_ID）' }
  },
  port: {
    type: 'string',
    value: 'port',
    help: {
      en: 'fixed sign-in callback port (ONAIR_REDIRECT_PORT)',
      ja: 'サインインのコールバック用の固定ポート（ONAIR_REDIRECT_PORT）'
    }
  },
  help: { type: 'boolean', short: 'h', help: { en: 'show this help', ja: 'このヘルプを表示する' } }
}

const EXIT_CODES: LocalizedText = {
  en: 'Exit codes: 0 success, 1 failure (message on stderr), 2 usage or configuration error.',
  ja: '終了コード: 0 成功、1 失敗（標準エラーにメッセージ）、2 使い方または設定の誤り。'
}

const SECRETS_NOTE: LocalizedText = {
  en: 'Secrets come from the environment only: ONAIR_CLIENT_SECRET, ONAIR_WIKI_TOKEN.',
  ja: '秘密の値は環境変数からのみ読み込みます: ONAIR_CLIENT_SECRET、ONAIR_WIKI_TOKEN。'
}

export async function runCli(argv: readonly string[], io: Io, clock: Clock = systemClock): Promise<ExitCode> {
  const locale = localeFromEnv(io.env)
  const t = (text: LocalizedText) => text[locale]
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h') {
    ;(name === undefined ? io.err : io.out)(overview(locale))
    return name === undefined ? EXIT.usage : EXIT.ok
  }
  if (name === '--version' || name === '-v') {
    io.out(cliVersion())
    io.out(`Node.js ${nodeSupport(process.versions.node, locale)}`)
    return EXIT.ok
  }
  const entry = COMMANDS.find((c) => c.name === name)
  if (!entry) {
    io.err(t({ en: `Unknown command "${name}".`, ja: `不明なコマンド「${name}」です。` }))
    io.err(overview(locale))
    return EXIT.usage
  }
  // One after the other: a command's load may set V8 flags (`run`, daemon-memory.ts), which must
  // come before the configuration's code (zod) is compiled, or that code keeps the default tiers.
  const command = await entry.load()
  const { ConfigError, resolveConfig } = await import('../core/config')
  try {
    const { values, positionals } = parse(command, rest)
    if (values.help) {
      io.out(commandHelp(entry, command, locale))
      return EXIT.ok
    }
    const expected = command.positionals ?? { min: 0, max: 0 }
    if (positionals.length < expected.min || positionals.length > expected.max) {
      throw new UsageError({ en: 'Unexpected arguments.', ja: '余分な引数があります。' })
    }
    const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined)
    const config = resolveConfig(
      {
        dataDir: str('data-dir'),
        mediaUrl: str('media-url'),
        wikiUrl: str('wiki-url'),
        clientId: str('client-id'),
        port: str('port')
      },
      io.env
    )
    const refused = dataDirProblem(config.dataDir)
    if (refused) {
      io.err(t(refused))
      return EXIT.usage
    }
    const flags = values as Record<string, string | boolean | undefined>
    const ctx = { io, config, clock, locale, t, flags, positionals }
    // Loaded with the command, not with the entry: --help and --version open no folder.
    const [{ onDamagedDatabase }, { movedAside }] = await Promise.all([
      import('../core/store/database'),
      import('./moved-aside')
    ])
    onDamagedDatabase(movedAside(ctx))
    return await command.run(ctx)
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof ConfigError)) throw e
    io.err(t(e.userMessage))
    io.err(t({ en: `See: onair ${name} --help`, ja: `詳しくは: onair ${name} --help` }))
    return EXIT.usage
  }
}

/**
 * parseArgs reads `-30` as the short option `-3`: a negative number is a value here (no option is
 * named by a digit), e.g. `config set reminders.channels.5.offsetMinutes -30`. Such arguments go
 * through parseArgs as placeholders and come back as they were typed.
 */
const NEGATIVE = /^-\d+(\.\d+)?$/
const PLACEHOLDER = '\u0000arg:'

function parse(command: Command, args: string[]) {
  const specs = { ...COMMON, ...command.options }
  const options: ParseArgsOptionsConfig = {}
  for (const [k, o] of Object.entries(specs)) options[k] = o.short ? { type: o.type, short: o.short } : { type: o.type }
  const end = args.indexOf('--')
  const masked = args.map((a, i) => ((end === -1 || i < end) && NEGATIVE.test(a) ? `${PLACEHOLDER}${a}` : a))
  const unmask = <T>(v: T): T =>
    typeof v === 'string' && v.startsWith(PLACEHOLDER) ? (v.slice(PLACEHOLDER.length) as T) : v
  try {
    const parsed = parseArgs({ args: masked, options, strict: true, allowPositionals: true })
    return {
      values: Object.fromEntries(Object.entries(parsed.values).map(([k, v]) => [k, unmask(v)])) as typeof parsed.values,
      positionals: parsed.positionals.map(unmask)
    }
  } catch (e) {
    // parseArgs explains itself in English only; the Japanese line points at the same fix.
    const detail = e instanceof Error ? e.message : String(e)
    throw new UsageError({ en: detail, ja: `引数が正しくありません: ${detail}` })
  }
}

function overview(locale: Locale): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  return [
    locale === 'ja' ? '使い方: onair <コマンド> [オプション]' : 'Usage: onair <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary[locale]}`),
    '',
    locale === 'ja' ? '各コマンドの詳細: onair <コマンド> --help' : 'Details of a command: onair <command> --help',
    locale === 'ja' ? 'バージョン: onair --version' : 'Version: onair --version',
    EXIT_CODES[locale]
  ].join('\n')
}

function optionLines(specs: Record<string, OptionSpec>, locale: Locale): string[] {
  const label = (k: string, o: OptionSpec) => `${o.short ? `-${o.short}, ` : ''}--${k}${o.value ? ` <${o.value}>` : ''}`
  const width = Math.max(...Object.entries(specs).map(([k, o]) => label(k, o).length))
  return Object.entries(specs).map(([k, o]) => `  ${label(k, o).padEnd(width)}  ${o.help[locale]}`)
}

function commandHelp(entry: CommandEntry, c: Command, locale: Locale): string {
  const own = Object.keys(c.options).length
  return [
    `${locale === 'ja' ? '使い方' : 'Usage'}: ${c.usage.map((u) => `onair ${u}`).join(`\n${' '.repeat(locale === 'ja' ? 5 : 7)}`)}`,
    '',
    entry.summary[locale],
    ...(c.description ? ['', c.description[locale]] : []),
    ...(own ? ['', locale === 'ja' ? 'オプション:' : 'Options:', ...optionLines(c.options, locale)] : []),
    '',
    locale === 'ja' ? '共通オプション:' : 'Common options:',
    ...optionLines(COMMON, locale),
    SECRETS_NOTE[locale],
    '',
    EXIT_CODES[locale]
  ].join('\n')
}
