/**
 * The packaged app carries the command line: the bundled CLI unpacked beside app.asar and a
 * launcher that runs it with the app's own Electron in Node mode. Packaging needs the Electron zip,
 * so the launcher is run here in the layout electron-builder produces, with a stand-in runtime
 * that insists on ELECTRON_RUN_AS_NODE and then behaves as Node does in that mode.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')
const builder = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
const scratch = tempDir('onair-launcher-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function place(from: string, to: string, mode = 0o644): void {
  mkdirSync(dirname(to), { recursive: true })
  copyFileSync(from, to)
  chmodSync(to, mode)
}

describe('the command line inside the packaged app', () => {
  it('is packed (out/**), unpacked from app.asar, and its launchers are copied to resources/bin', () => {
    expect(builder.files).toContain('out/**')
    expect(builder.asarUnpack).toContain('out/cli/**')
    expect(builder.extraResources).toContainEqual({ from: 'build/bin/', to: 'bin/' })
    const cmd = readFileSync(join(root, 'build/bin/onair.cmd'), 'utf8')
    expect(cmd).toContain('set ELECTRON_RUN_AS_NODE=1')
    expect(cmd).toContain('"%~dp0..\\..\\Onair.exe" "%~dp0..\\app.asar.unpacked\\out\\cli\\onair.cjs" %*')
  })

  it('the deb links /usr/bin/onair to the launcher, and removes it again', () => {
    expect(builder.linux.executableName).toBe('onair')
    const install = readFileSync(join(root, builder.deb.afterInstall), 'utf8')
    const remove = readFileSync(join(root, builder.deb.afterRemove), 'utf8')
    const launcher = "'/opt/${sanitizedProductName}/resources/bin/onair'"
    expect(install).toContain(`update-alternatives --install '/usr/bin/\${executable}' '\${executable}' ${launcher} 100`)
    expect(install).toContain(`ln -sf ${launcher} '/usr/bin/\${executable}'`)
    expect(remove).toContain(`update-alternatives --remove '\${executable}' ${launcher}`)
    // The rest of electron-builder's script stays: the sandbox helper's mode, desktop database.
    expect(install).toContain("chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox'")
    expect(install).toContain('update-desktop-database')
  })

  it.skipIf(process.platform === 'win32')(
    'the launcher, reached through a /usr/bin-style symlink, runs the unpacked CLI with the app runtime',
    () => {
      const app = join(scratch, 'opt', 'Onair')
      const resources = join(app, 'resources')
      place(join(root, 'build/bin/onair'), join(resources, 'bin', 'onair'), 0o755)
      cpSync(join(root, 'out/cli'), join(resources, 'app.asar.unpacked', 'out', 'cli'), { recursive: true })
      // No package.json anywhere up the tree (it lives inside app.asar): .cjs must be enough.
      const runtime = process.platform === 'darwin' ? join(scratch, 'opt', 'MacOS', 'Onair') : join(app, 'onair')
      mkdirSync(dirname(runtime), { recursive: true })
      writeFileSync(runtime, `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || exit 97\nexec '${process.execPath}' "$@"\n`)
      chmodSync(runtime, 0o755)
      const usrBin = join(scratch, 'usr', 'bin')
      mkdirSync(usrBin, { recursive: true })
      symlinkSync(join(resources, 'bin', 'onair'), join(usrBin, 'onair'))

      const run = spawnSync(join(usrBin, 'onair'), ['--version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } })
      expect(run.stderr).toBe('')
      expect(run.status).toBe(0)
      expect(run.stdout.split('\n')[0]).toBe(version)
      const help = spawnSync(join(usrBin, 'onair'), ['whoami', '--help'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } })
      expect(help.status).toBe(0)
      expect(help.stdout).toMatch(/^Usage: onair whoami/)
    }
  )
})
