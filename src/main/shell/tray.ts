import { Menu, Tray, nativeImage } from 'electron'
import trayIconPath from '../../../build/tray.png?asset'

export interface TrayActions {
  open: () => void
  quit: () => void
  /** Shows the inbox view; without it the tray has no inbox entry. */
  openInbox?: () => void
}

function trayMenu(actions: TrayActions, inboxUnseen = 0): Menu {
  const inbox = actions.openInbox
    ? [{ label: inboxUnseen > 0 ? `Inbox (${inboxUnseen})` : 'Inbox', click: actions.openInbox }]
    : []
  return Menu.buildFromTemplate([
    { label: 'Open Onair', click: actions.open },
    ...inbox,
    { type: 'separator' },
    { label: 'Quit', click: actions.quit }
  ])
}

/** Call with the core's `inbox:changed` count: the menu shows "Inbox (N)". */
export function setTrayInboxCount(tray: Tray, actions: TrayActions, unseen: number): void {
  tray.setContextMenu(trayMenu(actions, unseen))
  tray.setToolTip(unseen > 0 ? `Onair — ${unseen} unread` : 'Onair')
}

export function createTray(actions: TrayActions): Tray {
  const icon = nativeImage.createFromPath(trayIconPath).resize({ width: 16, height: 16 })
  const tray = new Tray(icon)
  tray.setToolTip('Onair')
  tray.setContextMenu(trayMenu(actions))
  // Windows and Linux users expect a left click on the icon to open the app.
  tray.on('click', actions.open)
  return tray
}
