/**
 * The layers are the tools' to keep, not a convention: `npm run lint` (a step of `npm test`) fails
 * on an import that crosses one. Each wrong import below is linted as if it stood in the file named,
 * with the project's own ESLint configuration, and must be refused; the right one beside it passes.
 */
import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../../..') })

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file })
  return result!.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
}

describe('layer rules', () => {
  it.each([
    ['src/main/core/reminders/wrong.ts', "import { startApp } from '../../shell/start'\nvoid startApp\n"],
    ['src/main/core/wrong.ts', "import { app } from 'electron'\nvoid app\n"],
    ['src/main/core/wrong.ts', "import Store from 'electron-store'\nvoid Store\n"],
    ['src/main/core/records/wrong.ts', "import { EXIT } from '../../cli/command'\nvoid EXIT\n"],
    ['src/main/cli/commands/wrong.ts', "import { openAppTray } from '../../shell/tray'\nvoid openAppTray\n"],
    ['src/main/core/wrong.ts', "import { app } from 'electron/main'\nvoid app\n"],
    ['src/main/cli/wrong.ts', "import { app } from 'electron/main'\nvoid app\n"],
    // import() too: a lazy import is still an import.
    ['src/main/core/wrong.ts', "export const start = async () => (await import('../../shell/start')).startApp\n"],
    ['src/main/core/clock.ts', "export const start = async () => (await import('../shell/start')).startApp\n"],
    ['src/main/core/wrong.ts', "export const app = async () => (await import('electron')).app\n"],
    ['src/main/core/wrong.ts', "export const store = async () => (await import('electron-store')).default\n"],
    ['src/main/core/wrong.ts', "export const exit = async () => (await import('../cli/command')).EXIT\n"],
    ['src/main/cli/commands/wrong.ts', "export const tray = async () => (await import('../../shell/tray')).openAppTray\n"],
    ['src/main/cli/wrong.ts', "export const app = async () => (await import('electron/main')).app\n"],
    ['src/renderer/src/lib/wrong.ts', "import { systemClock } from '../../../main/core/clock'\nvoid systemClock\n"],
    // Core's rooms: the lower ones never reach up.
    ['src/main/core/programs/wrong.ts', "import { ledgerFile } from '../reminders/files'\nvoid ledgerFile\n"],
    ['src/main/core/folder-hold/wrong.ts', "import { ledgerFile } from '../reminders/files'\nvoid ledgerFile\n"],
    ['src/main/core/tray/wrong.ts', "import { holdFolder } from '../folder-hold/folder-lock'\nvoid holdFolder\n"],
    ['src/main/core/store/wrong.ts', "import { pollOnce } from '../programs/poll'\nvoid pollOnce\n"]
  ])('%s may not import what it names', async (file, code) => {
    expect(await refusals(file, code)).toHaveLength(1)
  })

  it('a view importing another view fails, its own files and the shared folders pass', async () => {
    const wrong = "import { records } from '../schedule/outbox.svelte'\nvoid records\n"
    expect(await refusals('src/renderer/src/views/inbox/wrong.ts', wrong)).toEqual([
      expect.stringContaining('A view imports no other view')
    ])
    const right = [
      "import { inboxUnseen } from './count.svelte'",
      "import { prefs } from '../../state/prefs.svelte'",
      "import * as s from '../../components/strings'",
      "import { fill } from '../../lib/fill'",
      'void [inboxUnseen, prefs, s, fill]'
    ].join('\n')
    expect(await refusals('src/renderer/src/views/inbox/right.ts', `${right}\n`)).toEqual([])
  })

  it("the CLI's lazy command list and lazy imports inside the core pass", async () => {
    const code = [
      "export const run = async () => (await import('./commands/run')).run",
      "export const feed = async () => (await import('../core/calendar/feed')).calendarDocument",
      "export const rl = async () => (await import('node:readline')).createInterface"
    ].join('\n')
    expect(await refusals('src/main/cli/registry-like.ts', `${code}\n`)).toEqual([])
    const core = "export const backend = async () => (await import('./store/settings')).settingsFileStore\n"
    expect(await refusals('src/main/core/right.ts', core)).toEqual([])
  })

  it('the shell may import electron and the core', async () => {
    const code = "import { app } from 'electron'\nimport { systemClock } from '../core/clock'\nvoid [app, systemClock]\n"
    expect(await refusals('src/main/shell/right.ts', code)).toEqual([])
  })
})
