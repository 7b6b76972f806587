/**
 * The only bridge between the sandboxed renderer and the main process. It exposes `window.api`
 * (invoke + on, restricted to the contract's names) and nothing else: no ipcRenderer, no event
 * objects (an IpcRendererEvent would hand the page `sender`, i.e. ipcRenderer itself).
 */
import { contextBridge, ipcRenderer } from 'electron'
import type { IpcRendererEvent } from 'electron'
import { isCommandName, isEventName, unwrapReply } from '../shared/contract/bridge'
import type { OnairApi, Reply } from '../shared/contract'

const api: OnairApi = {
  async invoke(name: string, input?: unknown) {
    if (!isCommandName(name)) throw new Error(`Unknown command: ${String(name)}`)
    const reply = (await ipcRenderer.invoke(name, input)) as Reply
    return unwrapReply(reply) as never
  },
  on(event: string, cb: (payload: never) => void) {
    if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`)
    if (typeof cb !== 'function') throw new TypeError('Listener must be a function')
    const listener = (_event: IpcRendererEvent, payload: unknown): void => cb(payload as never)
    ipcRenderer.on(event, listener)
    return () => {
      ipcRenderer.removeListener(event, listener)
    }
  }
}

contextBridge.exposeInMainWorld('api', api)
