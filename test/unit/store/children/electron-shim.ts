import { rmSync } from 'node:fs'
import { electronModule, resetElectron } from '../../shell/electron-double'
import { scratchDir } from '../../../support/temp-dir'

/** `electron` in a child process (hooks.mjs): the double, with an app folder of its own. */
const folder = scratchDir('onair-child-app-')
resetElectron({ appPath: folder, folder })
// A child process outlives no test file's afterAll: it removes its folder as it exits.
process.on('exit', () => rmSync(folder, { recursive: true, force: true }))

export default electronModule.default
export const { app, ipcMain } = electronModule
