/**
 * The Electron runtime that `npm run package:check` packages. Electron's zip cannot be downloaded
 * on the development and CI machines, so by default the check makes a stand-in on the fly: a
 * folder whose `electron` is a copy of this Node (the bundled `onair` launcher only ever runs it
 * in Node mode) plus a `version` file, which electron-builder's `electronDist` accepts offline.
 * With `--electron real` (a machine with internet access, after `npm ci` fetched the binary) it
 * packages node_modules/electron/dist instead, and every check runs on the real binary.
 */
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FuseV1Options } from '@electron/fuses'
// The wire's format, which the package's index does not export.
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants.js'

export type RuntimeKind = 'stand-in' | 'real'

/**
 * The fuses of a freshly downloaded Electron, in wire order (Electron's docs). Appended to the
 * stand-in, they give electron-builder a wire to flip and the check one to read back, so a fuse
 * left out of electron-builder.yml reads as Electron's default, as it would on the real binary.
 */
const ELECTRON_DEFAULT_FUSES: Record<FuseV1Options, boolean> = {
  [FuseV1Options.RunAsNode]: true,
  [FuseV1Options.EnableCookieEncryption]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: true,
  [FuseV1Options.EnableNodeCliInspectArguments]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: false,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true
}

/** The sentinel, wire version 1, the wire's length, then one state byte per fuse. */
export function defaultFuseWire(): Buffer {
  const states = Object.values(ELECTRON_DEFAULT_FUSES).map((on) => (on ? FuseState.ENABLE : FuseState.DISABLE))
  return Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, states.length, ...states])])
}

/** The folder to give electron-builder as `electronDist`. */
export function electronDist(root: string, kind: RuntimeKind, scratch: string): string {
  if (kind === 'real') {
    const dist = join(root, 'node_modules/electron/dist')
    if (!existsSync(join(dist, 'version'))) {
      throw new Error(`${dist} holds no Electron: run npm ci with internet access (no ELECTRON_SKIP_BINARY_DOWNLOAD)`)
    }
    return dist
  }
  const dir = join(scratch, 'electron-dist')
  mkdirSync(dir, { recursive: true })
  const binary = join(dir, 'electron')
  copyFileSync(process.execPath, binary)
  // Bytes after an executable's last section are never loaded: Node runs as before.
  appendFileSync(binary, defaultFuseWire())
  const electron = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string
  }
  writeFileSync(join(dir, 'version'), `v${electron.version}`)
  return dir
}
