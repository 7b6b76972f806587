import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BrowserWindow } from 'electron'

const preloadPath = join(import.meta.dirname, '../preload/index.cjs')
const indexHtml = join(import.meta.dirname, '../renderer/index.html')
// Set by `electron-vite dev`; absent in a packaged app.
const devServerUrl = process.env['ELECTRON_RENDERER_URL']

/** True only for a frame showing our own renderer: IPC from anything else is refused. */
export function isRendererUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    if (devServerUrl) return parsed.origin === new URL(devServerUrl).origin
    return parsed.protocol === 'file:' && parsed.pathname === pathToFileURL(indexHtml).pathname
  } catch {
    return false
  }
}

/**
 * The main window. Closing it hides it to the tray; only `allowClose()` (set when quitting)
 * lets it close for real.
 */
export function createMainWindow(): { window: BrowserWindow; allowClose: () => void } {
  let closable = false
  const window = new BrowserWindow({
    width: 420,
    height: 640,
    show: false,
    title: 'Onair',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // A middle click would otherwise ask for a new window; the open handler denies it anyway.
      disableBlinkFeatures: 'Auxclick'
    }
  })
  window.on('close', (event) => {
    if (closable) return
    event.preventDefault()
    window.hide()
  })
  window.once('ready-to-show', () => window.show())
  void (devServerUrl ? window.loadURL(devServerUrl) : window.loadFile(indexHtml))
  return { window, allowClose: () => (closable = true) }
}

export function showWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}
