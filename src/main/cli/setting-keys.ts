import { z } from 'zod'
import type { LocalizedText } from '../../shared/locale'
import { SettingsSchema, type Settings } from '../../shared/settings'
import type { CronCheck } from '../core/programs/cron'

/**
 * The settings document seen as dotted keys (`reminders.quietHours.start`, and any key of a map:
 * `reminders.channels.12.muted`), for `onair config`: the keys come from the schema itself, so a
 * setting added to `shared/settings.ts` is reachable at once, and every change is checked by the
 * same schema the app uses before anything is written.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Looks through defaults, optionals and transforms to the shape underneath. */
function inner(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } }).def
  if (['default', 'prefault', 'optional', 'nullable'].includes(def.type) && def.innerType) return inner(def.innerType)
  if (def.type === 'pipe' && def.in) return inner(def.in)
  return schema
}

/** Every settable key: the leaves of the schema (an array or a map is one value), `version` left out. */
export function settingKeys(schema: z.ZodType = SettingsSchema, prefix = ''): string[] {
  const shape = inner(schema)
  if (!(shape instanceof z.ZodObject)) return [prefix]
  return Object.entries(shape.shape as Record<string, z.ZodType>)
    .filter(([name]) => prefix !== '' || name !== 'version')
    .flatMap(([name, child]) => settingKeys(child, prefix ? `${prefix}.${name}` : name))
}

/**
 * A key `settingKeys` lists, or one into a map of the settings (`reminders.channels.12.offsetMinutes`):
 * the map's own key is any name (the schema then checks it), followed by a field of its values.
 */
export function isKnownKey(key: string): boolean {
  const found = key === 'version' ? undefined : lookUp(SettingsSchema, key.split('.'))
  return found !== undefined && (found.mapEntry || !(inner(found.schema) instanceof z.ZodObject))
}

/** Names that would reach an object's prototype instead of a field of it. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

/** The schema of what `key` names, and whether that is a whole entry of a map; undefined when it names nothing. */
function lookUp(schema: z.ZodType, [head, ...rest]: string[]): { schema: z.ZodType; mapEntry: boolean } | undefined {
  const shape = inner(schema)
  if (!head || UNSAFE.has(head)) return undefined
  if (shape instanceof z.ZodRecord) {
    const value = shape.valueType as z.ZodType
    return rest.length === 0 ? { schema: value, mapEntry: true } : lookUp(value, rest)
  }
  const fields = shape instanceof z.ZodObject ? (shape.shape as Record<string, z.ZodType>) : {}
  const child = Object.hasOwn(fields, head) ? fields[head] : undefined
  if (!child) return undefined
  return rest.length === 0 ? { schema: child, mapEntry: false } : lookUp(child, rest)
}

export function unknownKey(key: string): LocalizedText {
  return {
    en: `There is no setting "${key}". "onair config list" shows them all.`,
    ja: `「${key}」という設定はありません。一覧は「onair config list」で表示できます。`
  }
}

export function getSetting(doc: Settings, key: string): Json | undefined {
  let value: unknown = doc
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part]
  return value as Json | undefined
}

function withValue(doc: Settings, key: string, value: Json | undefined): unknown {
  const copy = structuredClone(doc) as unknown as Record<string, unknown>
  const parts = key.split('.')
  let node = copy
  for (const part of parts.slice(0, -1)) {
    node[part] = { ...((node[part] as Record<string, unknown> | undefined) ?? {}) }
    node = node[part] as Record<string, unknown>
  }
  const last = parts[parts.length - 1]!
  if (value === undefined) delete node[last]
  else node[last] = value
  return copy
}

/**
 * What the user typed, as the setting's type: for a list, numbers separated by commas (`10,0`, and
 * `7` alone is a list of one work), whether or not the setting holds a list yet (a work's own lead
 * times before it has any); otherwise JSON when it reads as JSON (`30`, `true`, `[10,0]`,
 * `"05:00"`), anything else as plain text (`ja`).
 */
function parseValue(raw: string, key: string): Json {
  const found = lookUp(SettingsSchema, key.split('.'))
  const isList = found !== undefined && inner(found.schema) instanceof z.ZodArray
  if (isList && /^\s*-?\d+(\s*,\s*-?\d+)*\s*$/.test(raw)) return raw.split(',').map(Number)
  try {
    return JSON.parse(raw) as Json
  } catch {
    return raw
  }
}

/** A map's key was refused (a channel named instead of its id): the schema's own words for why. */
const keyProblem = (issue: z.core.$ZodIssueInvalidKey): string => issue.issues.map((i) => i.message).join(', ')

export type SettingChange = { ok: true; doc: Settings } | { ok: false; error: LocalizedText }

/**
 * The service settings change only where the address, its client secret and the sign-in change
 * together, after the address check: the app's Services view (which asks to confirm a new
 * address) or the command line's flags and environment, per command. Shown here, never set here.
 */
export function serviceSettingRefused(key: string): LocalizedText {
  return {
    en: `${key} cannot be changed with onair config: set the service in the app's Settings, or give the command line --media-url / ONAIR_MEDIA_URL, --wiki-url / ONAIR_WIKI_URL, --client-id / ONAIR_CLIENT_ID and --port / ONAIR_REDIRECT_PORT. Nothing was changed.`,
    ja: `${key} は onair config では変更できません。アプリの設定でサービスを設定するか、コマンドラインでは --media-url / ONAIR_MEDIA_URL、--wiki-url / ONAIR_WIKI_URL、--client-id / ONAIR_CLIENT_ID、--port / ONAIR_REDIRECT_PORT を指定してください。何も変更していません。`
  }
}

/**
 * The document with `key` set (or, with `raw` undefined, back to its default), checked by the schema.
 * `validateCron` is programs/cron.ts's, passed in so that reading a setting never loads the cron library.
 */
export function changeSetting(
  doc: Settings,
  key: string,
  raw: string | undefined,
  validateCron: (expression: string) => CronCheck
): SettingChange {
  if (!isKnownKey(key)) return { ok: false, error: unknownKey(key) }
  if (key.split('.')[0] === 'services') return { ok: false, error: serviceSettingRefused(key) }
  const candidate = withValue(doc, key, raw === undefined ? undefined : parseValue(raw, key))
  const parsed = SettingsSchema.safeParse(candidate)
  // The schedules are checked as the Settings view checks them: the schema only says "a string".
  if (parsed.success && (key === 'poll.cron' || key === 'inbox.cron') && raw !== undefined) {
    const cron = validateCron(String(getSetting(parsed.data, key)))
    if (!cron.ok) return { ok: false, error: cron.message }
  }
  if (parsed.success) return { ok: true, doc: parsed.data }
  const ja = SettingsSchema.safeParse(candidate, { error: z.locales.ja().localeError })
  const reason = (issues: z.core.$ZodIssue[]) =>
    issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.')}: ${i.message}${i.code === 'invalid_key' ? ` (${keyProblem(i)})` : ''}`)
      .join('; ')
  return {
    ok: false,
    error: {
      en: `"${raw}" is not a valid value for ${key} (${reason(parsed.error.issues)}). Nothing was changed.`,
      ja: `${key} に「${raw}」は設定できません（${ja.success ? '' : reason(ja.error.issues)}）。何も変更していません。`
    }
  }
}
