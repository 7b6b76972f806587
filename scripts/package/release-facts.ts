/**
 * What only a hosted release would otherwise reveal, read from electron-builder.yml: an unsigned
 * macOS build that does not launch, a feed naming files GitHub stores under another name, a Mac
 * the feed offers nothing, a Windows install that does not open onair:// links. Pure functions
 * over the parsed config (test/unit/build/release-facts.test.ts shows each failing on a bad one).
 */
import { Arch, getArtifactArchName } from 'builder-util'
import type { AppInfo } from 'app-builder-lib'
import { expandMacro } from 'app-builder-lib/out/util/macroExpander.js'

type TargetEntry = string | { target: string; arch?: string | string[] }
interface PlatformConfig {
  target?: TargetEntry | TargetEntry[]
  artifactName?: string
}
export interface ReleaseConfig {
  artifactName?: string
  electronFuses?: { resetAdHocDarwinSignature?: boolean }
  protocols?: { schemes: string[] }[]
  mac?: PlatformConfig
  win?: PlatformConfig
  linux?: PlatformConfig
  nsis?: { artifactName?: string; include?: string }
  dmg?: { artifactName?: string }
  appImage?: { artifactName?: string }
  deb?: { artifactName?: string }
}
export interface AppNames {
  name: string
  productName: string
  version: string
}

/**
 * Flipping a fuse breaks the signature Electron Framework came with; without the ad-hoc re-sign an
 * unsigned build "will refuse to launch with code signature validation errors" on Apple Silicon
 * (@electron/fuses README; dist/index.js re-signs only with this flag).
 */
export function resignProblems(config: ReleaseConfig): string[] {
  if (!config.electronFuses || config.electronFuses.resetAdHocDarwinSignature === true) return []
  return ['electronFuses without resetAdHocDarwinSignature: true: an unsigned macOS build would not launch']
}

function targets(platform: PlatformConfig | undefined): { target: string; archs: string[] }[] {
  const entries = platform?.target === undefined ? [] : [platform.target].flat()
  return entries.map((e) =>
    typeof e === 'string' ? { target: e, archs: [] } : { target: e.target, archs: [e.arch ?? []].flat() }
  )
}

/**
 * The files latest*.yml names, with electron-builder's own default names where the config sets
 * none (NsisTarget.installerFilenamePattern, dmg.js, ArchiveTarget, FpmTarget, the platform's).
 */
const FEED_TARGETS = [
  { platform: 'win', target: 'nsis', ext: 'exe', own: 'nsis', fallback: '${productName} Setup ${version}.${ext}' },
  {
    platform: 'mac',
    target: 'zip',
    ext: 'zip',
    own: undefined,
    fallback: '${productName}-${version}-${arch}-mac.${ext}'
  },
  { platform: 'mac', target: 'dmg', ext: 'dmg', own: 'dmg', fallback: '${productName}-${version}-${arch}.${ext}' },
  {
    platform: 'linux',
    target: 'AppImage',
    ext: 'AppImage',
    own: 'appImage',
    fallback: '${productName}-${version}-${arch}.${ext}'
  },
  { platform: 'linux', target: 'deb', ext: 'deb', own: 'deb', fallback: '${name}_${version}_${arch}.${ext}' }
] as const

/** The name electron-builder gives each feed file per architecture built (x64 when none named). */
export function feedArtifactNames(config: ReleaseConfig, app: AppNames): { target: string; names: string[] }[] {
  // expandMacro reads only these of electron-builder's AppInfo for the macros used here.
  const appInfo = { ...app, sanitizedProductName: app.productName } as unknown as AppInfo
  return FEED_TARGETS.flatMap(({ platform, target, ext, own, fallback }) => {
    const built = targets(config[platform]).find((t) => t.target.toLowerCase() === target.toLowerCase())
    if (!built) return []
    const pattern =
      (own && config[own]?.artifactName) || config[platform]?.artifactName || config.artifactName || fallback
    const archs = built.archs.length ? built.archs : ['x64']
    // A default name leaves the default architecture out (platformPackager.expandArtifactNamePattern),
    // except a deb's (FpmTarget isUseArchIfX64).
    const archName = (arch: string) =>
      pattern === fallback && arch === 'x64' && target !== 'deb'
        ? null
        : getArtifactArchName(Arch[arch as keyof typeof Arch], ext)
    const names = archs.map((arch) => expandMacro(pattern, archName(arch), appInfo, { ext }))
    return [{ target, names }]
  })
}

/**
 * latest*.yml records a file's name as built, GitHub stores an upload's spaces as dots, and the
 * feed then asks for a file that is not there (electron-builder #6099, #3642). On a Mac, the
 * updater takes the file whose name has "arm64" on Apple Silicon and one without it on Intel
 * (electron-updater MacUpdater), so each architecture needs its own name saying which it is.
 */
export function feedNameProblems(config: ReleaseConfig, app: AppNames): string[] {
  return feedArtifactNames(config, app).flatMap(({ target, names }) => [
    ...names
      .filter((n) => /\s/.test(n))
      .map(
        (n) =>
          `${target} is named "${n}": the update feed would ask for a file GitHub stores as "${n.replace(/\s/g, '.')}"`
      ),
    ...(new Set(names).size < names.length ? [`${target}: every architecture gets the name ${names[0]}`] : [])
  ])
}

/** Intel and Apple Silicon Macs both need a build in latest-mac.yml. */
export function macArchProblems(config: ReleaseConfig): string[] {
  return targets(config.mac)
    .filter(({ archs }) => !archs.includes('universal') && !(archs.includes('x64') && archs.includes('arm64')))
    .map(
      ({ target, archs }) =>
        `mac ${target} builds ${archs.join(', ') || "the build machine's architecture"} only: name arch [x64, arm64]`
    )
}

/**
 * electron-builder writes no URL protocol on Windows (its docs give `protocols` for macOS only),
 * so the NSIS include must: each scheme under Software\Classes with "URL Protocol" at install,
 * and the key deleted at uninstall.
 */
export function windowsSchemeProblems(config: ReleaseConfig, read: (path: string) => string | undefined): string[] {
  const schemes = (config.protocols ?? []).flatMap((p) => p.schemes)
  if (!schemes.length || !targets(config.win).some((t) => t.target === 'nsis')) return []
  const include = config.nsis?.include ?? 'build/installer.nsh'
  const script = read(include)
  if (script === undefined) return [`no NSIS include (${include}): the installer registers no ${schemes.join(', ')}://`]
  const macro = (name: string) => new RegExp(`^!macro ${name}\\s*$([\\s\\S]*?)^!macroend`, 'm').exec(script)?.[1] ?? ''
  const install = macro('customInstall')
  const uninstall = macro('customUnInstall')
  return schemes.flatMap((scheme) => {
    const key = `"Software\\\\Classes\\\\${scheme}"`
    return [
      ...(new RegExp(`WriteRegStr \\S+ ${key} "URL Protocol"`).test(install)
        ? []
        : [`${include}: customInstall does not register ${scheme}:// (Software\\Classes\\${scheme}, "URL Protocol")`]),
      ...(new RegExp(`WriteRegStr \\S+ "Software\\\\Classes\\\\${scheme}\\\\shell\\\\open\\\\command"`).test(install)
        ? []
        : [`${include}: customInstall names no command for ${scheme}://`]),
      ...(new RegExp(`DeleteRegKey \\S+ ${key}`).test(uninstall)
        ? []
        : [`${include}: customUnInstall leaves ${scheme}:// pointing at the removed app`])
    ]
  })
}
