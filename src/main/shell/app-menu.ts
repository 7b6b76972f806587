/**
 * The application menu. Electron's default one carries Reload, Toggle Developer Tools and Help
 * links to Electron's own site: fine while developing, wrong in a user's hands. Packaged, macOS
 * keeps the menus its shortcuts need (the app menu with Hide and Quit, Edit for copy and paste,
 * Window), and Windows and Linux, whose window hides its menu bar anyway, get none.
 */
import { Menu } from 'electron'
import { app } from 'electron'

export function setAppMenu(): void {
  if (!app.isPackaged) return
  if (process.platform !== 'darwin') return Menu.setApplicationMenu(null)
  Menu.setApplicationMenu(Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }]))
}
