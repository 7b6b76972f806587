/**
 * Electron's fuses as Onair ships them (same-user code must not run inside the installed
 * app through NODE_OPTIONS or --inspect and read its secrets without a prompt).
 * electron-builder flips them from electron-builder.yml `electronFuses`; this reads them back from
 * a packaged binary and holds them to the policy below: `npm run package:check` on its stand-in
 * runtime (which carries a fuse wire in Electron's defaults, see stand-in.ts), and the release
 * workflow on the real binaries (`npx tsx scripts/package/fuses.ts <app binary or .app>`).
 */
import { pathToFileURL } from 'node:url'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { FuseState } from '@electron/fuses/dist/constants.js'

/** What each fuse must be, and why. */
export const FUSE_POLICY: Partial<Record<FuseV1Options, { on: boolean; why: string }>> = {
  // The one fuse left as Electron ships it: resources/bin/onair runs the command line with the
  // app's own runtime in Node mode (ELECTRON_RUN_AS_NODE), so no separate Node is needed.
  [FuseV1Options.RunAsNode]: { on: true, why: 'the bundled onair launcher runs in Node mode' },
  [FuseV1Options.EnableCookieEncryption]: { on: true, why: 'cookies on disk encrypted by the OS keys' },
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: { on: false, why: 'NODE_OPTIONS is ignored' },
  [FuseV1Options.EnableNodeCliInspectArguments]: { on: false, why: '--inspect and SIGUSR1 are ignored' },
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: {
    on: true,
    why: 'a changed app.asar is refused (macOS and Windows only)'
  },
  [FuseV1Options.OnlyLoadAppFromAsar]: { on: true, why: 'the app loads only from app.asar' },
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: {
    on: false,
    why: 'the window loads from app://onair/, so file:// pages get no extra privileges'
  }
}

export type FuseWire = Record<number, number>

/** Problems with a binary's fuse wire, one line each; empty when it keeps the policy. */
export function fuseProblems(wire: FuseWire): string[] {
  return Object.entries(FUSE_POLICY)
    .map(([index, rule]) => {
      const name = FuseV1Options[Number(index)]
      const want = rule.on ? FuseState.ENABLE : FuseState.DISABLE
      const seen = wire[Number(index)]
      if (seen === want) return ''
      const said = seen === FuseState.ENABLE ? 'on' : seen === FuseState.DISABLE ? 'off' : `state ${seen}`
      return `fuse ${name} is ${said}, must be ${rule.on ? 'on' : 'off'} (${rule.why})`
    })
    .filter(Boolean)
}

export async function readFuseWire(binary: string): Promise<FuseWire> {
  const { version, ...wire } = await getCurrentFuseWire(binary)
  if (version !== '1') throw new Error(`${binary}: fuse wire version ${version}, this check knows version 1`)
  return wire as FuseWire
}

// The release workflow: every binary named must keep the policy.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let failed = false
  for (const binary of process.argv.slice(2)) {
    const problems = fuseProblems(await readFuseWire(binary))
    for (const p of problems) console.error(`${binary}: ${p}`)
    if (!problems.length) console.log(`${binary}: fuses as configured`)
    failed ||= problems.length > 0
  }
  process.exit(failed || process.argv.length < 3 ? 1 : 0)
}
