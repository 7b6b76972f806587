/**
 * `npm run demo` / `npm run demo:headless`: Onair against the in-process emulator, signed in with
 * the emulator's token, with sample programs a minute or two away, aired episodes to catch up on
 * and tonight's list a minute after the start, in a throwaway data folder.
 * The Electron app where its binary is installed; otherwise (and with --headless) `onair run`.
 * 95 s in, "another client" records the episode of a reminder on screen, straight at the
 * service: the next poll (every minute in the demo) takes that reminder back off the screen.
 * Ctrl-C stops everything and removes the folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runCli } from '../src/main/cli/dispatch'
import { processIo } from '../src/main/cli/stdio'
import { startEmulator } from '../test/emulator/index'
import { appArgs, findElectron } from './electron-app'

const root = resolve(import.meta.dirname, '..')
const headless = process.argv.includes('--headless')
const say = (line: string) => process.stderr.write(`[demo] ${line}\n`)
const pad = (n: number) => String(n).padStart(2, '0')

async function main(): Promise<void> {
  const emu = await startEmulator({ port: 0, autoApprove: true, soonSeconds: 90 })
  // Two more episodes a little later, so both lead times (10 min and at start) show up: the
  // next ones of a show the sample user watches, on its usual channel (the seed's episodes 207, 208).
  const later = Date.now() + 150_000
  for (const [i, episodeId] of [207, 208].entries()) {
    emu.media.programs.push({
      id: 910 + i,
      workId: 2,
      episodeId,
      channelId: 2,
      startedAt: later + i * 60_000,
      isRebroadcast: false
    })
  }
  say(`emulator on ${emu.baseUrl}: a program starts in 90 s, two more in 2.5 and 3.5 min`)
  // Tonight's list a minute after the start, naming those and the rest of the night; the seed's
  // aired, unrecorded episodes are on the catch-up list from the first poll.
  const at = new Date(Date.now() + 60_000)
  const tonight = { enabled: true, at: `${pad(at.getHours())}:${pad(at.getMinutes())}` }
  say(`tonight's list at ${tonight.at}; three aired episodes wait under "Catch up" (onair catch-up)`)
  // As a phone or a browser extension would: a record made at the service, not through Onair.
  const elsewhere = setTimeout(() => {
    void fetch(`${emu.baseUrl}/v1/me/records?episode_id=207`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.tokens.readWrite}` }
    }).then(
      () => say('another client recorded episode 207: its reminder leaves the screen at the next poll'),
      (e: unknown) => say(`the other client's record failed: ${String(e)}`)
    )
  }, 95_000)

  const dataDir = mkdtempSync(join(tmpdir(), 'onair-demo-'))
  const env = {
    ONAIR_DATA_DIR: dataDir,
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret
  }
  say(`data folder ${dataDir}`)
  // A poll a minute, so what another client records shows within the demo. The emulator's token in
  // a throwaway folder needs no credential store: the demo runs on machines without one.
  const demoSettings = { poll: { cron: '* * * * *' }, secrets: { storage: 'file' } }

  const electron = headless ? undefined : findElectron(root)
  if (!headless && !electron)
    say('no Electron binary on this machine (it cannot be downloaded here): running the headless daemon instead')

  let child: ChildProcess | undefined
  // Listening before the first line that invites Ctrl-C, so a press right after it is not fatal.
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    say('stopping…')
    // The terminal sends Ctrl-C to the child too; SIGTERM covers a `kill` of this script.
    child?.kill('SIGINT')
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  if (electron) {
    if (!existsSync(join(root, 'out/main/index.js'))) {
      say('building the app (npm run build)…')
      if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
        throw new Error('build failed')
    }
    // The app keeps its token in the OS keychain, so it signs itself in with the pasted token.
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({ ...demoSettings, services: { mediaUrl: emu.baseUrl, clientId: emu.client.id }, tonight })
    )
    say("starting the Onair app (signed in with the emulator's token)…")
    child = spawn(electron, appArgs(root), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, ONAIR_DEMO_TOKEN: emu.tokens.readWrite }
    })
  } else {
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(demoSettings))
    say("signing in with the emulator's token on standard input (onair sign-in --token -)…")
    // As the command tells users to: a token among the arguments is readable by other users in `ps`.
    const io = { ...processIo(), env: { ...process.env, ...env }, readLine: async () => emu.tokens.readWrite }
    if ((await runCli(['sign-in', '--token', '-'], io)) !== 0) throw new Error('sign-in failed')
    for (const [key, value] of Object.entries(tonight))
      if ((await runCli(['config', 'set', `tonight.${key}`, String(value)], io)) !== 0) throw new Error('config failed')
    say('starting `onair run` — reminders print below; Ctrl-C stops')
    // From the sources, as `npm run cli` runs them: the demo needs no build.
    child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main/cli.ts'), 'run'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env }
    })
  }

  if (stopping) child.kill('SIGINT')
  const code = await new Promise<number | null>((res) => child.on('close', (c) => res(c)))
  clearTimeout(elsewhere)
  await emu.close()
  rmSync(dataDir, { recursive: true, force: true })
  say(`done (Onair exited with ${code ?? 'a signal'})`)
  process.exit(stopping ? 0 : (code ?? 1))
}

main().catch((e: unknown) => {
  say(`failed: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
