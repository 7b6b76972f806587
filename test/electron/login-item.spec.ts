/**
 * Launch at login on the systems where Electron registers it (macOS, Windows): the login item set
 * the way Onair sets it (login-item.ts: on Windows with the --hidden flag) and read back, then
 * removed again. An unpackaged run of Onair refuses to register the development Electron, so the
 * spec calls the same API itself.
 */
import { expect, test } from '@playwright/test'
import { HIDDEN_FLAG } from '../../src/main/core/autostart'
import { electronOrSkip } from './electron'
import { launchOnair, type Launched } from './launch'

const executablePath = electronOrSkip()
test.skip(
  process.platform === 'linux',
  'Linux starts Onair at login through an XDG autostart file (test/unit/shell/startup.test.ts); Electron’s login-item API does nothing there'
)
let onair: Launched

test.afterAll(async () => onair?.close())

test('the login item is set and read back', async () => {
  onair = await launchOnair(executablePath!)
  const seen = await onair.app.evaluate(({ app }, hidden) => {
    const args = process.platform === 'win32' ? [hidden] : []
    app.setLoginItemSettings({ openAtLogin: true, args })
    const on = app.getLoginItemSettings({ args })
    app.setLoginItemSettings({ openAtLogin: false, args })
    const off = app.getLoginItemSettings({ args })
    // macOS 13+ may hold a new login item for the user's approval in System Settings.
    return { on: on.openAtLogin || on.status === 'requires-approval', off: off.openAtLogin }
  }, HIDDEN_FLAG)
  expect(seen).toEqual({ on: true, off: false })
})
