/**
 * The command line inside the packaged app, as users get it: resources/bin/onair reached through
 * a symlink (/usr/bin/onair from the deb), the deb's after-install / after-remove scripts that make
 * and remove that link, and the Windows launcher's paths. Everything runs on packaged files only.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { startEmulator, USER_ID } from '../../test/emulator/index'

interface Ran {
  status: number | null
  stdout: string
  stderr: string
}

/** Asynchronous, so that the emulator in this process can answer while the command runs. */
function run(command: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((res) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()))
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    child.on('error', (e) => (stderr += String(e)))
    child.on('close', (status) => res({ status, stdout, stderr }))
  })
}

/** `onair --version` prints the package's version first, then the Node.js it runs on. */
const versionOf = (r: Ran) => r.stdout.split('\n')[0]

const said = (r: Ran) => `exit ${r.status}: ${(r.stderr || r.stdout).trim().slice(0, 300)}`

/** The environment a shell gives a user: no ONAIR_* of the developer's, a scratch HOME. */
const userEnv = (home: string, extra: Record<string, string> = {}) => ({ PATH: '/usr/bin:/bin', HOME: home, ...extra })

/** `onair --version`, `--help` and `whoami` (against the emulator) through a symlink to the launcher. */
export async function launcherProblems(appOut: string, scratch: string, version: string): Promise<string[]> {
  const usrBin = join(scratch, 'usr', 'bin')
  mkdirSync(usrBin, { recursive: true })
  const onair = join(usrBin, 'onair')
  symlinkSync(join(appOut, 'resources', 'bin', 'onair'), onair)
  const problems: string[] = []
  // notify-send is given the icon by path (onair run), so it must be a file outside app.asar.
  const icon = join(appOut, 'resources', 'app.asar.unpacked', 'resources', 'icon.png')
  if (!existsSync(icon)) problems.push('resources/icon.png is not unpacked: onair run would notify without its icon')
  const v = await run(onair, ['--version'], userEnv(scratch))
  if (v.status !== 0 || versionOf(v) !== version) problems.push(`onair --version: ${said(v)}`)
  const help = await run(onair, ['--help'], userEnv(scratch))
  if (help.status !== 0 || !/^Usage: onair <command>/.test(help.stdout)) problems.push(`onair --help: ${said(help)}`)

  const emu = await startEmulator({ port: 0 })
  try {
    const env = userEnv(scratch, {
      ONAIR_DATA_DIR: join(scratch, 'data'),
      ONAIR_MEDIA_URL: emu.baseUrl,
      ONAIR_CLIENT_ID: emu.client.id,
      ONAIR_CLIENT_SECRET: emu.client.secret
    })
    // The unpacked native module loads from the launcher's CLI and answers: no session bus here.
    const refused = await run(onair, ['sign-in', '--token', emu.tokens.readWrite], env)
    if (!refused.stderr.includes('No credential store is reachable'))
      problems.push(`onair sign-in without a credential store: ${said(refused)}`)
    const signIn = await run(onair, ['sign-in', '--insecure-storage', '--token', emu.tokens.readWrite], env)
    if (signIn.status !== 0) problems.push(`onair sign-in --insecure-storage --token: ${said(signIn)}`)
    const whoami = await run(onair, ['whoami', '--json'], env)
    const user = whoami.status === 0 ? (JSON.parse(whoami.stdout) as { user?: { id?: unknown } }).user : undefined
    if (user?.id !== USER_ID) problems.push(`onair whoami --json: ${said(whoami)}`)
  } finally {
    await emu.close()
  }
  return problems
}

/** electron-builder's own template filling (FpmTarget): `${name}` from its values, unknown names fail. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([a-zA-Z]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`Macro ${name} is not defined`)
    return values[name]!
  })
}

/**
 * The deb's scripts run as dpkg would, but against a scratch root: their absolute paths moved
 * under it, update-alternatives pointed at the root's own database (or absent, to take the
 * script's `ln -sf` branch), and the tools that would touch the real system (AppArmor, desktop
 * and MIME databases) stubbed out.
 */
export async function debScriptProblems(
  appOut: string,
  scratch: string,
  scripts: { afterInstall: string; afterRemove: string },
  values: { executable: string; sanitizedProductName: string },
  version: string
): Promise<string[]> {
  const problems: string[] = []
  for (const alternatives of [true, false]) {
    const root = join(scratch, alternatives ? 'root-alternatives' : 'root-plain')
    const tools = join(root, 'tools')
    mkdirSync(join(root, 'opt'), { recursive: true })
    mkdirSync(join(root, 'usr', 'bin'), { recursive: true })
    mkdirSync(tools, { recursive: true })
    symlinkSync(appOut, join(root, 'opt', values.sanitizedProductName))
    const tool = (name: string, body: string) => {
      writeFileSync(join(tools, name), `#!/bin/sh\n${body}\n`)
      chmodSync(join(tools, name), 0o755)
    }
    tool('apparmor_status', 'exit 1')
    for (const name of ['update-desktop-database', 'update-mime-database']) tool(name, 'exit 0')
    if (alternatives) {
      for (const dir of ['etc/alternatives', 'var/lib/dpkg/alternatives'])
        mkdirSync(join(root, dir), { recursive: true })
      const db = `--altdir '${root}/etc/alternatives' --admindir '${root}/var/lib/dpkg/alternatives' --log '${root}/alternatives.log'`
      tool('update-alternatives', `exec /usr/bin/update-alternatives ${db} "$@"`)
    }
    // Without update-alternatives on the PATH: only the tools and the basic utilities.
    const path = alternatives ? `${tools}:/usr/bin:/bin` : `${tools}:${basicUtilities(root)}`
    const script = (file: string) =>
      fillTemplate(readFileSync(file, 'utf8'), values)
        .replaceAll("'/opt/", `'${root}/opt/`)
        .replaceAll("'/usr/bin/", `'${root}/usr/bin/`)
        .replaceAll("'/etc/alternatives/", `'${root}/etc/alternatives/`)
        .replaceAll('/usr/share/', `${root}/usr/share/`)
        .replaceAll('/etc/apparmor.d/', `${root}/etc/apparmor.d/`)
    const how = alternatives ? 'with update-alternatives' : 'without update-alternatives'
    const link = join(root, 'usr', 'bin', values.executable)

    const install = await run('/bin/bash', ['-c', script(scripts.afterInstall)], { PATH: path })
    if (install.status !== 0) problems.push(`after-install (${how}): ${said(install)}`)
    const target = existsSync(link) ? realpathSync(link) : 'nothing'
    if (target !== realpathSync(join(appOut, 'resources', 'bin', 'onair'))) {
      problems.push(`after-install (${how}) links /usr/bin/${values.executable} to ${target}`)
    } else {
      const v = await run(link, ['--version'], userEnv(scratch))
      if (versionOf(v) !== version) problems.push(`/usr/bin/${values.executable} --version after install: ${said(v)}`)
    }
    const remove = await run('/bin/bash', ['-c', script(scripts.afterRemove)], { PATH: path })
    if (remove.status !== 0) problems.push(`after-remove (${how}): ${said(remove)}`)
    if (existsSync(link)) problems.push(`after-remove (${how}) leaves /usr/bin/${values.executable}`)
  }
  return problems
}

/** A folder of links to the utilities the scripts use, and nothing else of /usr/bin. */
function basicUtilities(root: string): string {
  const dir = join(root, 'basic')
  mkdirSync(dir, { recursive: true })
  for (const name of ['rm', 'ln', 'readlink', 'chmod', 'unshare', 'cp', 'true']) {
    const found = ['/usr/bin', '/bin'].map((d) => join(d, name)).find((p) => existsSync(p))
    if (found) symlinkSync(found, join(dir, name))
  }
  return dir
}

/**
 * The Windows launcher (resources\bin\onair.cmd) names the app's executable and the unpacked CLI
 * relative to itself; both must be where the Windows package puts them (the same tree as Linux's,
 * with `<productName>.exe` as the runtime).
 */
export function windowsLauncherProblems(appOut: string, productName: string): string[] {
  const cmd = readFileSync(join(appOut, 'resources', 'bin', 'onair.cmd'), 'utf8')
  const problems: string[] = []
  if (!/^set ELECTRON_RUN_AS_NODE=1\r?$/m.test(cmd)) problems.push('onair.cmd does not set ELECTRON_RUN_AS_NODE=1')
  const call = /^"%~dp0([^"]+)" "%~dp0([^"]+)" %\*\r?$/m.exec(cmd)
  if (!call) return [...problems, 'onair.cmd has no line "%~dp0<runtime>" "%~dp0<cli>" %*']
  const fromBin = (p: string) => posix.normalize(posix.join('resources/bin', p.replaceAll('\\', '/')))
  const runtime = fromBin(call[1]!)
  if (runtime !== `${productName}.exe`)
    problems.push(`onair.cmd runs ${runtime}, the app's executable is ${productName}.exe`)
  const cli = fromBin(call[2]!)
  if (!existsSync(join(appOut, cli))) problems.push(`onair.cmd runs ${cli}, which the package does not have`)
  return problems
}
