/**
 * The one window: hardened web preferences, hidden to the tray instead of closed, shown and
 * toggled from the tray, and brought back when its renderer crashes.
 */
import { app, BrowserWindow, nativeImage } from 'electron'
import type { Clock } from '../core/clock'
import { appIconFile, preloadFile } from './app-files'
import type { AppLog } from './log'
import { devServerUrl } from './paths'
import { isRendererOrigin, RENDERER_URL } from './renderer-protocol'

/**
 * True only for a frame showing our own renderer: IPC from anything else is refused. Packaged, the
 * page is `app://onair/index.html` (renderer-protocol.ts), an origin nothing else can have.
 */
export function isRendererUrl(url: string): boolean {
  try {
    const dev = devServerUrl()
    if (dev) return new URL(url).origin === new URL(dev).origin
    return isRendererOrigin(url) && new URL(url).pathname === '/index.html'
  } catch {
    return false
  }
}

export interface MainWindow {
  readonly window: BrowserWindow
  show(): void
  /** The tray icon's click: shows a hidden or unfocused window, hides a focused one. */
  toggle(): void
  hide(): void
  /** Set when quitting: until then closing only hides. */
  allowClose(): void
}

/**
 * Windows hands the foreground to the taskbar when the tray icon is pressed, so the window has lost
 * focus (`blur`) by the time `click` arrives: one that lost it this recently was in front.
 */
const TRAY_PRESS_MS = 1000

/** A renderer that crashes this often within a minute is left alone instead of reloaded in a loop. */
const MAX_RELOADS_PER_MINUTE = 3

/** `showOnReady` false: a start at login, where the app waits in the tray. */
export function createMainWindow(showOnReady: boolean, log: AppLog, clock: Clock): MainWindow {
  let closable = false
  const window = new BrowserWindow({
    width: 420,
    height: 640,
    show: false,
    title: 'Onair',
    autoHideMenuBar: true,
    // Linux takes the window's icon from here (macOS and Windows from the bundle).
    ...(process.platform === 'linux' ? { icon: nativeImage.createFromPath(appIconFile(app.getAppPath())) } : {}),
    webPreferences: {
      preload: preloadFile(app.getAppPath()),
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
  const load = (): void => {
    const dev = devServerUrl()
    window
      .loadURL(dev ?? RENDERER_URL)
      .catch((e: unknown) => log.write('error', 'the window could not load the renderer', e))
  }
  const show = (): void => {
    if (window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }
  const hide = (): void => {
    if (!window.isDestroyed()) window.hide()
  }

  let lostFocusAt = -Infinity
  window.on('blur', () => (lostFocusAt = clock.now()))
  const inFront = (): boolean =>
    window.isFocused() || (process.platform === 'win32' && clock.now() - lostFocusAt < TRAY_PRESS_MS)

  window.on('close', (event) => {
    if (closable) return
    event.preventDefault()
    window.hide()
  })
  if (showOnReady) window.once('ready-to-show', show)

  const crashes: number[] = []
  window.webContents.on('render-process-gone', (_event, details) => {
    log.write('error', `renderer gone (${details.reason}, exit code ${details.exitCode})`)
    if (details.reason === 'clean-exit' || window.isDestroyed()) return
    const now = clock.now()
    while (crashes.length > 0 && now - (crashes[0] ?? now) > 60_000) crashes.shift()
    crashes.push(now)
    if (crashes.length > MAX_RELOADS_PER_MINUTE) {
      log.write('error', 'the renderer keeps crashing; not reloading it again this minute')
      return
    }
    load()
  })
  window.webContents.on('unresponsive', () => log.write('warn', 'the renderer stopped responding'))
  load()

  return {
    window,
    show,
    hide,
    toggle: () => (window.isVisible() && inFront() ? hide() : show()),
    allowClose: () => (closable = true)
  }
}
