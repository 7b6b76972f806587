import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CommandContext } from '../../../src/main/cli/command'
import { runDaemon, UNLOCK_RETRY_MS } from '../../../src/main/cli/commands/run'
import { resolveConfig } from '../../../src/main/core/config'
import type { Emulator } from '../../emulator/index'
import { double } from '../../support/keyring-double.cjs'
import { ManualClock } from '../../support/manual-clock'
import { manualCron } from '../programs/emulated'
import { fakeIo } from '../../support/fake-io'
import { soonProgram as soonFolder } from '../../support/signed-in-env'

/**
 * `onair run` and what the folder says beyond the sign-in: the credential store being locked at
 * login, the choice of the plain file, and the language chosen in the settings (LANG only where
 * that says "system").
 */
describe('onair run and the folder’s secrets and settings', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    double.setState('open')
    await emu?.close()
    emu = undefined
  })

  /** A folder signed in to an emulator whose soon program starts in 10 minutes, on a manual clock. */
  async function soonProgram() {
    const soon = await soonFolder()
    emu = soon.emu
    return soon
  }

  function daemon(env: Record<string, string>, clock: ManualClock, flags: CommandContext['flags'] = {}) {
    const io = fakeIo(env)
    // As dispatch makes it from LANG: English here.
    const ctx: CommandContext = {
      io,
      config: resolveConfig({}, io.env),
      clock,
      locale: 'en',
      t: (x) => x.en,
      flags,
      positionals: []
    }
    let stop!: () => void
    const stopped = new Promise<void>((res) => (stop = res))
    const done = runDaemon(ctx, { stop: stopped, cron: manualCron().factory })
    return { io, done, stop }
  }

  it('a keyring locked at login: said once, retried, and the account is served once it is unlocked', async () => {
    const { clock, env } = await soonProgram()
    double.setState('locked')
    const d = daemon(env, clock, { json: true })
    await vi.waitFor(() => expect(d.io.stderr.join('\n')).toContain('The credential store is locked'))
    clock.advance(UNLOCK_RETRY_MS)
    await new Promise((resolve) => setImmediate(resolve))
    clock.advance(UNLOCK_RETRY_MS)
    expect(d.io.stderr.filter((l) => l.includes('The credential store is locked'))).toHaveLength(1)
    expect(d.io.stdout).toEqual([])
    double.setState('open')
    clock.advance(UNLOCK_RETRY_MS)
    await vi.waitFor(() => expect(d.io.stdout.some((l) => JSON.parse(l).type === 'poll')).toBe(true))
    d.stop()
    expect(await d.done).toBe(0)
  })

  it('its first line says where the secrets are: the credential store, or the plain file the user chose', async () => {
    const { clock, env } = await soonProgram()
    const store = daemon(env, clock)
    await vi.waitFor(() =>
      expect(store.io.stderr[0]).toMatch(/^Secrets: Kept in your operating system’s credential store/)
    )
    store.stop()
    await store.done
    writeFileSync(join(env.ONAIR_DATA_DIR!, 'settings.json'), JSON.stringify({ secrets: { storage: 'file' } }))
    const file = daemon(env, clock)
    await vi.waitFor(() => expect(file.io.stderr.length).toBeGreaterThan(0))
    expect(file.io.stderr[0]).toContain(`Secrets: Stored unencrypted in ${join(env.ONAIR_DATA_DIR!, 'secrets.json')}`)
    file.stop()
    await file.done
  })

  it('speaks the language of ui.locale, not LANG, and follows a change made while it runs', async () => {
    const { clock, env, startedAt } = await soonProgram()
    const settings = join(env.ONAIR_DATA_DIR!, 'settings.json')
    writeFileSync(settings, JSON.stringify({ ui: { locale: 'ja' } }))
    const d = daemon(env, clock, { lead: '0' })
    await vi.waitFor(() => expect(d.io.stderr).toContain('Onair を実行中です。Ctrl-C で終了します。'))
    expect(d.io.stderr[0]).toMatch(/^秘密情報: /)
    await vi.waitFor(() => expect(d.io.stderr.some((l) => l.startsWith('番組表を更新しました'))).toBe(true))
    // `onair config set ui.locale en` in another terminal.
    writeFileSync(settings, JSON.stringify({ ui: { locale: 'en' } }))
    clock.advanceTo(startedAt)
    await vi.waitFor(() => expect(d.io.stdout.length).toBeGreaterThan(0))
    expect(d.io.stdout.join('\n')).not.toMatch(/[ぁ-んァ-ン]/)
    d.stop()
    expect(await d.done).toBe(0)
  })
})
