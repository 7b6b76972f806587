/**
 * The packaged-layout check (`npm run package:check`) must fail on what it exists to catch: a dev
 * file in app.asar, a file the main process opens missing from the package, a path the bundle
 * computes wrong, a fuse left as Electron ships it, a deb script that links the wrong thing, a
 * Windows launcher pointing nowhere. Each is shown here on a small packaged tree made by the test.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createPackage } from '@electron/asar'
import { FuseV1Options } from '@electron/fuses'
import { afterAll, describe, expect, it } from 'vitest'
import { debScriptProblems, fillTemplate, windowsLauncherProblems } from '../../../scripts/package/command-line'
import { fuseProblems, readFuseWire, type FuseWire } from '../../../scripts/package/fuses'
import { asarProblems, feedProblems, inspectApp } from '../../../scripts/package/layout'
import { defaultFuseWire } from '../../../scripts/package/runtime'
import { runtimeFiles, trayImageFile } from '../../../src/main/shell/app-files'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')
const scratch = tempDir('onair-package-layout-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function put(path: string, text: string, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  chmodSync(path, mode)
}

/** A packaged app folder: `files` (relative path → text) packed into resources/app.asar. */
async function packagedApp(name: string, files: Record<string, string>): Promise<string> {
  const appOut = join(scratch, name)
  const src = join(scratch, `${name}-src`)
  for (const [path, text] of Object.entries(files)) put(join(src, path), text)
  mkdirSync(join(appOut, 'resources'), { recursive: true })
  await createPackage(src, join(appOut, 'resources', 'app.asar'))
  return appOut
}

/** The app's files as the real app-files module names them, under an app folder of `app.asar`. */
function shippedFiles(): Record<string, string> {
  const app = '/x/app.asar'
  const files = Object.fromEntries(runtimeFiles(app).map((f) => [f.slice(app.length + 1), 'x']))
  return {
    ...files,
    'package.json': JSON.stringify({ name: 'onair', desktopName: 'onair.desktop' }),
    'out/main/index.js': 'import { runtimeFiles } from "./app-files.js"\n',
    // The module as the bundler emits it: plain ESM naming the same files.
    'out/main/app-files.js': [
      'import { join } from "node:path";',
      `export const runtimeFiles = (appPath) => ${JSON.stringify(Object.keys(files))}.map((f) => join(appPath, f));`,
      'export const updateFeedFile = (resourcesPath) => join(resourcesPath, "app-update.yml");'
    ].join('\n')
  }
}

describe('app.asar contents', () => {
  it('names every source, test, doc, map or tool file, and passes the bundles, resources and package.json', () => {
    const shipped = ['out/main/index.js', 'out/renderer/index.html', 'resources/tray/idle@2x.png', 'package.json']
    expect(asarProblems(shipped)).toEqual([])
    const dev = ['src/main/index.ts', 'out/main/index.js.map', 'test/unit/a.test.ts', 'docs/DEVELOPING.md']
    const more = ['node_modules/zod/index.js', 'tsconfig.json', 'electron.vite.config.ts', 'out/bench/x.js']
    expect(asarProblems([...shipped, ...dev, ...more])).toEqual(
      [...dev, ...more].map((f) => `app.asar holds ${f}, which is no part of the running app`)
    )
  })
})

describe('the files the main process opens', () => {
  it('the real module names the preload, the page, the icon and every tray state at both scales, for each platform', () => {
    const files = runtimeFiles('/app.asar')
    expect(files).toEqual(expect.arrayContaining(['/app.asar/out/preload/index.cjs', '/app.asar/out/renderer/index.html']))
    expect(files).toEqual(expect.arrayContaining(['/app.asar/resources/icon.png']))
    for (const state of ['idle', 'soon', 'offline', 'error', 'signed-out']) {
      for (const name of [state, `${state}Template`, `${state}-unread`, `${state}-unreadTemplate`]) {
        expect(files).toEqual(expect.arrayContaining([`/app.asar/resources/tray/${name}.png`, `/app.asar/resources/tray/${name}@2x.png`]))
      }
    }
    expect(files).toEqual(expect.arrayContaining(['/app.asar/resources/tray/overlay-9+.png', '/app.asar/resources/tray/overlay-1@2x.png']))
    expect(trayImageFile('/a', 'soon', 'win32')).toBe('/a/resources/tray/soon.png')
  })

  it('a complete package passes every layout check', async () => {
    const appOut = await packagedApp('complete', shippedFiles())
    put(join(appOut, 'resources/app-update.yml'), 'provider: generic\nurl: https://feed.test/onair/\n')
    const app = await inspectApp(appOut, true, 'https://feed.test/onair/')
    expect(app.problems).toEqual({ asar: [], runtimeFiles: [], desktopName: [], feed: [] })
    expect(app.bytes.asar).toBeGreaterThan(0)
  })

  it('fails on a missing image, a dev file in the asar, and a missing desktopName', async () => {
    const files = shippedFiles()
    delete files['resources/tray/offline@2x.png']
    files['src/main/shell/tray.ts'] = 'source'
    files['package.json'] = JSON.stringify({ name: 'onair' })
    const app = await inspectApp(await packagedApp('broken', files), true, undefined)
    expect(app.problems.runtimeFiles).toEqual([
      'the main process opens app.asar/resources/tray/offline@2x.png, which the package does not have'
    ])
    expect(app.problems.asar).toEqual(['app.asar holds src/main/shell/tray.ts, which is no part of the running app'])
    expect(app.problems.desktopName).toEqual(['the packaged package.json\'s desktopName is "", not <name>.desktop'])
  })

  it('fails when the bundle computes a wrong path, or the main bundle does not use the module checked', async () => {
    const files = shippedFiles()
    files['out/main/app-files.js'] = files['out/main/app-files.js']!.replace('index.cjs', 'index.js')
    files['out/main/index.js'] = 'const paths = "inlined"\n'
    const app = await inspectApp(await packagedApp('wrong-path', files), false, 'https://feed.test/')
    expect(app.problems.runtimeFiles).toEqual([
      'out/main/index.js does not import ./app-files.js: the paths checked are not the ones the app uses',
      'the main process opens app.asar/out/preload/index.js, which the package does not have'
    ])
    expect(app.problems.desktopName).toEqual(['linux.syncDesktopName is off: the menu entry would not match the window'])
    expect(app.problems.feed).toEqual([
      'no app-update.yml where the updater reads it: the build would never look for updates'
    ])
  })

  it('the update feed: the one given, or none at all', () => {
    const feed = 'provider: generic\nurl: https://feed.test/\n'
    expect(feedProblems(feed, 'https://feed.test/')).toEqual([])
    expect(feedProblems(undefined, undefined)).toEqual([])
    expect(feedProblems(feed, undefined)).toEqual(['app-update.yml is there though the build was given no feed'])
    expect(feedProblems('provider: github\nowner: x\n', 'https://feed.test/')).toEqual([
      'app-update.yml names github undefined, the build was given generic https://feed.test/'
    ])
  })
})

describe('fuses', () => {
  const policy: FuseWire = { 0: 49, 1: 49, 2: 48, 3: 48, 4: 49, 5: 49, 6: 48, 7: 48 }

  it('reads the wire back from a binary and names each fuse Electron leaves as it ships', async () => {
    const binary = join(scratch, 'electron')
    writeFileSync(binary, Buffer.concat([Buffer.from('ELF stand-in'), defaultFuseWire()]))
    const problems = fuseProblems(await readFuseWire(binary))
    expect(problems).toEqual([
      'fuse EnableCookieEncryption is off, must be on (cookies on disk encrypted by the OS keys)',
      'fuse EnableNodeOptionsEnvironmentVariable is on, must be off (NODE_OPTIONS is ignored)',
      'fuse EnableNodeCliInspectArguments is on, must be off (--inspect and SIGUSR1 are ignored)',
      'fuse EnableEmbeddedAsarIntegrityValidation is off, must be on (a changed app.asar is refused (macOS and Windows only))',
      'fuse OnlyLoadAppFromAsar is off, must be on (the app loads only from app.asar)',
      'fuse GrantFileProtocolExtraPrivileges is on, must be off (the window loads from app://onair/, so file:// pages get no extra privileges)'
    ])
    expect(fuseProblems(policy)).toEqual([])
  })

  it('keeps RunAsNode on, which the onair launcher needs', () => {
    expect(fuseProblems({ ...policy, [FuseV1Options.RunAsNode]: 48 })).toEqual([
      'fuse RunAsNode is off, must be on (the bundled onair launcher runs in Node mode)'
    ])
  })
})

describe('the command line in the package', () => {
  const version = '9.8.7'
  const launcherOnly = (name: string) => {
    const appOut = join(scratch, name)
    put(join(appOut, 'resources/bin/onair'), `#!/bin/sh\necho ${version}\n`, 0o755)
    return appOut
  }
  const scripts = { afterInstall: join(root, 'build/linux/after-install.sh'), afterRemove: join(root, 'build/linux/after-remove.sh') }
  const values = { executable: 'onair', sanitizedProductName: 'Onair' }

  it('the deb scripts link /usr/bin/onair to the launcher and remove it, with and without update-alternatives', async () => {
    const appOut = launcherOnly('deb-ok')
    expect(await debScriptProblems(appOut, join(scratch, 'deb-ok-root'), scripts, values, version)).toEqual([])
  })

  it('fails for a script that links the app binary instead, or leaves the link behind', async () => {
    const appOut = launcherOnly('deb-bad')
    const wrong = join(scratch, 'after-install-wrong.sh')
    writeFileSync(wrong, "#!/bin/bash\nln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'\n")
    const keep = join(scratch, 'after-remove-keep.sh')
    writeFileSync(keep, '#!/bin/bash\ntrue\n')
    put(join(appOut, 'onair'), '#!/bin/sh\nexit 3\n', 0o755)
    const problems = await debScriptProblems(appOut, join(scratch, 'deb-bad-root'), { afterInstall: wrong, afterRemove: keep }, values, version)
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/^after-install \(with update-alternatives\) links \/usr\/bin\/onair to .*deb-bad\/onair$/)
    expect(problems[1]).toBe('after-remove (with update-alternatives) leaves /usr/bin/onair')
  })

  it('fills templates as electron-builder does and refuses an unknown name', () => {
    expect(fillTemplate("'/opt/${sanitizedProductName}/x'", values)).toBe("'/opt/Onair/x'")
    expect(() => fillTemplate('${nope}', values)).toThrow('Macro nope is not defined')
  })

  it('checks the Windows launcher for the executable and the unpacked CLI it names', () => {
    const appOut = join(scratch, 'win')
    put(join(appOut, 'resources/app.asar.unpacked/out/cli/onair.cjs'), '')
    const cmd = readFileSync(join(root, 'build/bin/onair.cmd'), 'utf8')
    put(join(appOut, 'resources/bin/onair.cmd'), cmd)
    expect(windowsLauncherProblems(appOut, 'Onair')).toEqual([])
    expect(windowsLauncherProblems(appOut, 'Other')).toEqual(['onair.cmd runs Onair.exe, the app\'s executable is Other.exe'])
    put(join(appOut, 'resources/bin/onair.cmd'), cmd.replace('\\out\\cli\\', '\\cli\\').replace('set ELECTRON_RUN_AS_NODE=1', ''))
    expect(windowsLauncherProblems(appOut, 'Onair')).toEqual([
      'onair.cmd does not set ELECTRON_RUN_AS_NODE=1',
      'onair.cmd runs resources/app.asar.unpacked/cli/onair.cjs, which the package does not have'
    ])
  })
})
