/**
 * Binds the contract to Electron IPC: one `ipcMain.handle` per command, all through `dispatch`,
 * and core events forwarded to the window. Requests from any frame other than our renderer's
 * main frame are refused before they reach the core.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { commandNames } from '../../shared/contract/bridge'
import type { Reply } from '../../shared/contract'
import type { Core } from '../core/app'
import { createHandlers, dispatch } from '../core/ipc/handlers'
import { isRendererUrl } from './window'

const refused: Reply = {
  ok: false,
  error: {
    code: 'forbidden-sender',
    message: {
      en: 'This request did not come from the Onair window.',
      ja: 'このリクエストは Onair のウィンドウから送られていません。'
    }
  }
}

function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow): boolean {
  const frame = event.senderFrame
  // Top frame only: an iframe (were one ever allowed) must not speak for the app.
  return event.sender === window.webContents && frame !== null && frame.parent === null && isRendererUrl(frame.url)
}

export function bindIpc(core: Core, window: BrowserWindow): () => void {
  const handlers = createHandlers(core)
  const report = (err: unknown, command: string): void => console.error(`[ipc] ${command} failed`, err)
  for (const name of commandNames) {
    ipcMain.handle(name, (event, input: unknown) =>
      isTrustedSender(event, window) ? dispatch(handlers, name, input, report) : refused
    )
  }
  const unsubscribe = core.events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(name, payload)
  })
  return () => {
    unsubscribe()
    for (const name of commandNames) ipcMain.removeHandler(name)
  }
}
