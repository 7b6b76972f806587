import { Menu, Tray, nativeImage } from 'electron'
import trayIconPath from '../../../build/tray.png?asset'

export interface TrayActions {
  open: () => void
  quit: () => void
}

export function createTray(actions: TrayActions): Tray {
  const icon = nativeImage.createFromPath(trayIconPath).resize({ width: 16, height: 16 })
  const tray = new Tray(icon)
  tray.setToolTip('Onair')
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open Onair', click: actions.open },
      { type: 'separator' },
      { label: 'Quit', click: actions.quit }
    ])
  )
  // Windows and Linux users expect a left click on the icon to open the app.
  tray.on('click', actions.open)
  return tray
}
