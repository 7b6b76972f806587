/**
 * How the demo and the real-Electron tests find Electron and start the app: one place, because
 * getting it wrong is silent (see appArgs).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The Electron binary, found without triggering the `electron` package's lazy download (which
 * fails on machines without internet access): `ELECTRON_EXEC_PATH`, else the installed dist.
 */
export function findElectron(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env['ELECTRON_EXEC_PATH']
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  const pathTxt = join(root, 'node_modules/electron/path.txt')
  if (!existsSync(pathTxt)) return undefined
  const binary = join(root, 'node_modules/electron/dist', readFileSync(pathTxt, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

/**
 * Electron's arguments for the app: the app FOLDER, so Electron reads package.json (name
 * "Onair", its version, its data folder). Given `out/main/index.js` it would run as "Electron",
 * with Electron's version and userData. As root (containers, CI) Chromium needs --no-sandbox.
 */
export function appArgs(root: string, isRoot = process.getuid?.() === 0): string[] {
  return [...(isRoot ? ['--no-sandbox'] : []), root]
}
