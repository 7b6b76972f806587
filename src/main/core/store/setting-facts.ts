import type { LocalizedText } from '../../../shared/locale'
import type { Settings } from '../../../shared/settings'

/**
 * What `onair config` needs to know about the settings schema to read a setting: which dotted keys
 * exist (`reminders.quietHours.start`, and any key of a map: `reminders.channels.12.muted`) and
 * the default document. Kept as plain data, described from the schema by setting-keys.ts
 * (`describeSettings`) and built into the command line as a constant (cli/saved-documents.ts), so that `config get` and
 * `config list` answer without loading zod (BENCHMARKS.md, issue 25). Changing a setting still
 * goes through the schema itself (setting-keys.ts `changeSetting`).
 */
export type KeyNode = 'value' | { fields: Record<string, KeyNode> } | { map: KeyNode }

export interface SettingsFacts {
  keys: { fields: Record<string, KeyNode> }
  defaults: Settings
}

/** Every settable key: the leaves (an array or a map is one value), `version` left out. */
export function settingKeys(node: KeyNode, prefix = ''): string[] {
  if (node === 'value' || 'map' in node) return [prefix]
  return Object.entries(node.fields)
    .filter(([name]) => prefix !== '' || name !== 'version')
    .flatMap(([name, child]) => settingKeys(child, prefix ? `${prefix}.${name}` : name))
}

/** Names that would reach an object's prototype instead of a field of it. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * A key `settingKeys` lists, or one into a map of the settings (`reminders.channels.12.offsetMinutes`):
 * the map's own key is any name (the schema then checks it), followed by a field of its values.
 */
export function isKnownKey(facts: SettingsFacts, key: string): boolean {
  return key !== 'version' && reaches(facts.keys, key.split('.'))
}

function reaches(node: KeyNode, [head, ...rest]: string[]): boolean {
  if (!head || UNSAFE.has(head)) return false
  if (node !== 'value' && 'map' in node) return rest.length === 0 || reaches(node.map, rest)
  const fields = node === 'value' ? {} : node.fields
  const child = Object.hasOwn(fields, head) ? fields[head] : undefined
  if (!child) return false
  return rest.length === 0 ? child === 'value' || 'map' in child : reaches(child, rest)
}

export function unknownKey(key: string): LocalizedText {
  return {
    en: `There is no setting "${key}". "onair config list" shows them all.`,
    ja: `「${key}」という設定はありません。一覧は「onair config list」で表示できます。`
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export function getSetting(doc: Settings, key: string): Json | undefined {
  let value: unknown = doc
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part]
  return value as Json | undefined
}
