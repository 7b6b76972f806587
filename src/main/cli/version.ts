import { readFileSync } from 'node:fs'
import type { Locale, LocalizedText } from '../../shared/locale'

/**
 * The package's version for `onair --version`, and the Node.js versions the command line runs on
 * (package.json `engines.node`, one range `>=X.Y.Z`). The build writes both in
 * (cli.vite.config.ts `define`); run from the sources (tsx, tests) they are read from the
 * package.json beside them.
 */
declare const __ONAIR_VERSION__: string | undefined
declare const __ONAIR_NODE_RANGE__: string | undefined

interface PackageFacts {
  version: string
  engines: { node: string }
}

let sources: PackageFacts | undefined
function packageJson(): PackageFacts {
  sources ??= JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as PackageFacts
  return sources
}

export function cliVersion(): string {
  if (typeof __ONAIR_VERSION__ === 'string') return __ONAIR_VERSION__
  return packageJson().version
}

/** The oldest Node.js the command line runs on, as `22.13.0`. */
export function nodeFloor(): string {
  const range = typeof __ONAIR_NODE_RANGE__ === 'string' ? __ONAIR_NODE_RANGE__ : packageJson().engines.node
  return range.replace(/^>=/, '')
}

/** Whether `version` (`process.versions.node`, as `22.12.0`) is at least the floor. */
export function supportsNode(version: string): boolean {
  const have = version.split('.').map(Number)
  for (const [i, need] of nodeFloor().split('.').map(Number).entries()) {
    const part = have[i] ?? 0
    if (part !== need) return part > need
  }
  return true
}

/** The running Node.js and the supported range, for `onair --version` and `onair doctor`. */
export function nodeSupport(version: string, locale: Locale): string {
  const text: LocalizedText = {
    en: `${version} (supported: ${nodeFloor()} or later)`,
    ja: `${version}（対応: ${nodeFloor()} 以降）`
  }
  return text[locale]
}

/** What an older Node.js is told instead of a stack trace (node-guard.ts). */
export function unsupportedNode(version: string, runtime: string, locale: Locale): string {
  const text: LocalizedText = {
    en: `onair needs Node.js ${nodeFloor()} or later, and this is Node.js ${version} (${runtime}). From 22.13 on, Node.js has the SQLite database built in that onair keeps its data folder in, and the 22 line is maintained (long-term support). Install a current Node.js (https://nodejs.org, or your system's packages) and run onair again, or use the onair that comes with the desktop app, which brings its own runtime. Nothing was changed.`,
    ja: `onair には Node.js ${nodeFloor()} 以降が必要ですが、この Node.js は ${version} です（${runtime}）。Node.js は 22.13 から、onair がデータフォルダーの保存に使う SQLite データベースを内蔵しており、22 系は長期サポート（LTS）で保守されています。新しい Node.js（https://nodejs.org またはシステムのパッケージ）をインストールしてから onair をもう一度実行するか、独自の実行環境を含むデスクトップアプリ付属の onair を使ってください。何も変更されていません。`
  }
  return text[locale]
}
