/**
 * What the packaged tree must hold, as a user's machine sees it: app.asar with only what the app
 * runs, and every file the main process opens at the path the built main bundle computes for a
 * packaged app. The decisions are pure functions over listings (test/unit/build/package-layout
 * shows each failing); `inspectApp` reads a real packaged folder into them.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { extractFile, listPackage, statFile } from '@electron/asar'
import { parse } from 'yaml'

/** The asar's top level: the bundles, the images shipped by name, package.json, the native module. */
const ALLOWED = [
  /^out\/(main|preload|renderer|cli)\//,
  /^resources\//,
  /^package\.json$/,
  /^node_modules\/@napi-rs\/keyring(-[a-z0-9-]+)?\//
]

/** Entries of app.asar that do not belong in a user's install: sources, tests, docs, maps, tooling. */
export function asarProblems(files: readonly string[]): string[] {
  return files
    .filter((e) => e.endsWith('.map') || !ALLOWED.some((re) => re.test(e)))
    .map((e) => `app.asar holds ${e}, which is no part of the running app`)
}

/** How the check evaluates the main bundle's own module (out/main/app-files.js). */
export type RuntimeFilesOf = (appPath: string) => string[]
interface AppFilesModule {
  runtimeFiles: RuntimeFilesOf
  updateFeedFile: (resourcesPath: string) => string
}

/**
 * Every file the main process opens, computed by the bundle for `resources/app.asar`, must be in
 * the asar (or, outside it, on disk).
 */
export function missingRuntimeFiles(
  resources: string,
  runtimeFiles: RuntimeFilesOf,
  inAsar: ReadonlySet<string>,
  onDisk: (path: string) => boolean
): string[] {
  const appPath = join(resources, 'app.asar')
  return runtimeFiles(appPath)
    .filter((file) => {
      const inside = relative(appPath, file)
      const isInside = !inside.startsWith('..') && !inside.startsWith(sep)
      return isInside ? !inAsar.has(inside.split(sep).join('/')) : !onDisk(file)
    })
    .map((file) => `the main process opens ${relative(resources, file)}, which the package does not have`)
}

/**
 * Linux matches the window to its menu entry by package.json's desktopName (Electron's app_id);
 * with `syncDesktopName` the deb names /usr/share/applications/<desktopName> after the same field.
 */
export function desktopNameProblems(packagedPkg: { desktopName?: string }, syncDesktopName: unknown): string[] {
  const name = packagedPkg.desktopName?.trim() ?? ''
  if (!/^[^/\\]+\.desktop$/.test(name))
    return [`the packaged package.json's desktopName is "${name}", not <name>.desktop`]
  return syncDesktopName === true ? [] : ['linux.syncDesktopName is off: the menu entry would not match the window']
}

/**
 * The update feed a build names at build time (electron-builder `publish`, a generic provider)
 * lands in app-update.yml, where the updater reads it; a build given none has no file and never
 * looks for updates.
 */
export function feedProblems(feedYml: string | undefined, url: string | undefined): string[] {
  if (url === undefined)
    return feedYml === undefined ? [] : ['app-update.yml is there though the build was given no feed']
  if (feedYml === undefined)
    return [`no app-update.yml where the updater reads it: the build would never look for updates`]
  const feed = (parse(feedYml) ?? {}) as { provider?: unknown; url?: unknown }
  return feed.provider === 'generic' && feed.url === url
    ? []
    : [`app-update.yml names ${String(feed.provider)} ${String(feed.url)}, the build was given generic ${url}`]
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .reduce((sum, d) => sum + statSync(join(d.parentPath, d.name)).size, 0)
}

export interface AppInspection {
  problems: { asar: string[]; runtimeFiles: string[]; desktopName: string[]; feed: string[] }
  bytes: { asar: number; app: number }
}

const readIfThere = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)

/** Reads a packaged `linux-unpacked` folder and runs the checks above on it. */
export async function inspectApp(
  appOut: string,
  syncDesktopName: unknown,
  feedUrl: string | undefined
): Promise<AppInspection> {
  const resources = join(appOut, 'resources')
  const asar = join(resources, 'app.asar')
  // Files only (folders have `files`), as forward-slash paths relative to the archive.
  const files = new Set(
    listPackage(asar, { isPack: false })
      .map((e) => e.replace(/^[/\\]/, ''))
      .filter((e) => !('files' in statFile(asar, e)))
      .map((e) => e.split(sep).join('/'))
  )

  // The bundle's own module, run from a scratch copy (Node cannot import from inside an asar).
  // The main bundle must import it, or this would vouch for paths the app never computes.
  const mainBundle = extractFile(asar, 'out/main/index.js').toString('utf8')
  const scratch = mkdtempSync(join(tmpdir(), 'onair-app-files-'))
  let appFiles: AppFilesModule
  try {
    const copy = join(scratch, 'app-files.mjs')
    writeFileSync(copy, extractFile(asar, 'out/main/app-files.js'))
    appFiles = (await import(pathToFileURL(copy).href)) as AppFilesModule
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  const unused = /from\s*["']\.\/app-files\.js["']/.test(mainBundle)
    ? []
    : ['out/main/index.js does not import ./app-files.js: the paths checked are not the ones the app uses']
  const packagedPkg = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as { desktopName?: string }
  return {
    problems: {
      asar: asarProblems([...files]),
      runtimeFiles: [...unused, ...missingRuntimeFiles(resources, appFiles.runtimeFiles, files, existsSync)],
      desktopName: desktopNameProblems(packagedPkg, syncDesktopName),
      feed: feedProblems(readIfThere(appFiles.updateFeedFile(resources)), feedUrl)
    },
    bytes: { asar: statSync(asar).size, app: folderBytes(appOut) }
  }
}
