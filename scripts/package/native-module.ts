/**
 * The credential store's native module in the package (@napi-rs/keyring, src/main/core/auth/
 * keyring-secrets.ts): no bundle can inline it, so the package carries node_modules/@napi-rs/keyring
 * and the prebuilt binary of its platform and architecture, unpacked beside app.asar (a `.node`
 * file is loaded by the system's dynamic loader, which cannot read inside an archive), with its
 * licence. Pure checks over the config and the lockfile (each target), and one over a packaged
 * folder (this machine's).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export const NATIVE_PACKAGE = '@napi-rs/keyring'

/** The binary package npm installs for a system and architecture (the library's own naming, index.js). */
export function binaryPackage(platform: string, arch: string): string {
  const abi = platform === 'linux' ? '-gnu' : platform === 'win32' ? '-msvc' : ''
  return `${NATIVE_PACKAGE}-${platform}-${arch}${abi}`
}

interface TargetConfig {
  files?: string[]
  asarUnpack?: string[]
  mac?: { target?: unknown }
  win?: unknown
  linux?: unknown
}

/** The architectures a platform's `target` names (a name, an entry, or a list of them); x64 by default. */
function archsOf(target: unknown): string[] {
  const entries = Array.isArray(target) ? target : [target]
  const archs = entries.flatMap((t) => {
    const arch = (t as { arch?: string | string[] } | undefined)?.arch
    return arch === undefined ? ['x64'] : Array.isArray(arch) ? arch : [arch]
  })
  return [...new Set(archs)]
}

/** Every system and architecture the config builds for: macOS as it names them, Windows and Linux x64. */
export function targetsOf(config: TargetConfig): Array<{ platform: string; arch: string }> {
  return [
    ...(config.mac ? archsOf(config.mac.target).map((arch) => ({ platform: 'darwin', arch })) : []),
    ...(config.win ? [{ platform: 'win32', arch: 'x64' }] : []),
    ...(config.linux ? [{ platform: 'linux', arch: 'x64' }] : [])
  ]
}

/**
 * For each target, the lockfile pins the binary package at the module's version (so `npm ci` on
 * that system installs it), and the config packs the module and unpacks it.
 */
export function nativeTargetProblems(
  config: TargetConfig,
  lock: { packages: Record<string, { version?: string }> }
): string[] {
  const problems: string[] = []
  const version = lock.packages[`node_modules/${NATIVE_PACKAGE}`]?.version
  if (!version) return [`the lockfile has no ${NATIVE_PACKAGE}`]
  for (const { platform, arch } of targetsOf(config)) {
    const name = binaryPackage(platform, arch)
    const pinned = lock.packages[`node_modules/${name}`]?.version
    if (pinned !== version)
      problems.push(`the ${platform} ${arch} build would lack ${name}@${version} (lockfile: ${pinned ?? 'none'})`)
  }
  const packs = (config.files ?? []).some((f) => f.startsWith(`node_modules/${NATIVE_PACKAGE}`))
  if (!packs) problems.push(`electron-builder.yml's files leave out node_modules/${NATIVE_PACKAGE}*`)
  const unpacks = (config.asarUnpack ?? []).some((f) => f.startsWith(`node_modules/${NATIVE_PACKAGE}`))
  if (!unpacks)
    problems.push(`electron-builder.yml's asarUnpack leaves node_modules/${NATIVE_PACKAGE}* inside app.asar`)
  return problems
}

/** A packaged folder's resources/: the module, this system's binary (unpacked) and the licences. */
export function packagedNativeProblems(resources: string, platform: string, arch: string): string[] {
  const unpacked = join(resources, 'app.asar.unpacked', 'node_modules')
  const binary = binaryPackage(platform, arch)
  const wanted = [
    join(NATIVE_PACKAGE, 'index.js'),
    join(NATIVE_PACKAGE, 'LICENSE'),
    join(binary, `keyring.${binary.slice(`${NATIVE_PACKAGE}-`.length)}.node`),
    join(binary, 'LICENSE.third-party.md')
  ]
  return wanted.filter((f) => !existsSync(join(unpacked, f))).map((f) => `app.asar.unpacked lacks node_modules/${f}`)
}
