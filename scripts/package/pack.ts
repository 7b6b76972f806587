/**
 * electron-builder's `dir` target for this machine's system, the layout users get without the
 * installer around it: used by `npm run package:check` and by the real-Electron updater spec.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Platform, build, type Configuration } from 'electron-builder'
import { parse } from 'yaml'

export interface Packed {
  /** The folder electron-builder wrote the app into (linux-unpacked, win-unpacked, mac*). */
  appOut: string
  /** The app's executable in it. */
  executable: string
}

/**
 * Packages with `config` laid over electron-builder.yml: `electronDist` (which runtime), the update
 * feed the build names, and whatever else a caller must change (see the updater spec).
 */
export async function packDir(
  root: string,
  output: string,
  options: { electronDist: string; feedUrl?: string | undefined; config?: Configuration }
): Promise<Packed> {
  await build({
    projectDir: root,
    targets: Platform.current().createTarget('dir'),
    publish: 'never',
    config: {
      electronDist: options.electronDist,
      directories: { output },
      // As the release workflow names the feed (README "Releasing").
      ...(options.feedUrl ? { publish: { provider: 'generic', url: options.feedUrl } } : {}),
      ...options.config
    }
  })
  const { productName } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { productName: string }
  const yml = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { linux: { executableName: string } }
  if (process.platform === 'win32') {
    const appOut = join(output, 'win-unpacked')
    return { appOut, executable: join(appOut, `${productName}.exe`) }
  }
  if (process.platform === 'darwin') {
    const appOut = join(output, process.arch === 'arm64' ? 'mac-arm64' : 'mac')
    return { appOut, executable: join(appOut, `${productName}.app`, 'Contents', 'MacOS', productName) }
  }
  const appOut = join(output, 'linux-unpacked')
  return { appOut, executable: join(appOut, yml.linux.executableName) }
}
