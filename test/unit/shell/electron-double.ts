/**
 * A double of the `electron` module, so vitest can run src/main/index.ts and src/main/shell/ under
 * Node (the real module tries to download the binary and throws). Each class implements the
 * members the shell uses as a `Pick` of the real type from electron.d.ts, and each object is
 * checked with `satisfies` against the real module's, so a signature that changes in Electron
 * fails the type check here instead of drifting. Behaviour follows Electron's documentation
 * (docs/api/app.md, browser-window.md, tray.md, notification.md, ...): quitting emits
 * `before-quit`, then closes every window and is cancelled by a window that prevents its `close`;
 * `ipcMain.handle` refuses a second handler for one channel; a new window emits
 * `web-contents-created`; `whenReady` waits until the test says the app is ready. ELECTRON-DOUBLE.md
 * lists each platform behaviour with the doc or source line it follows.
 *
 * Wire it with `vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))`
 * and call `resetElectron()` before each start.
 */
import { EventEmitter } from 'node:events'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { hostname } from 'node:os'
import { join } from 'node:path'

type Platform = 'darwin' | 'win32' | 'linux'

/** What Electron passes as `event` to listeners that may cancel (close, will-navigate, ...). */
export class FakeEvent {
  defaultPrevented = false
  preventDefault(): void {
    this.defaultPrevented = true
  }
}
const asEvent = (e: FakeEvent) => e as unknown as Electron.Event

// ---------------------------------------------------------------- images and menus

export class FakeNativeImage implements Pick<Electron.NativeImage, 'isEmpty' | 'isTemplateImage'> {
  constructor(readonly path: string) {}
  isEmpty(): boolean {
    return this.path === ''
  }
  isTemplateImage(): boolean {
    return /Template(@2x)?\.png$/.test(this.path)
  }
}
const realImage = (image: FakeNativeImage) => image as unknown as Electron.NativeImage
const fakeImage = (image: Electron.NativeImage | string): FakeNativeImage =>
  typeof image === 'string' ? new FakeNativeImage(image) : (image as unknown as FakeNativeImage)

export const nativeImage = {
  createFromPath: (path: string): Electron.NativeImage => realImage(new FakeNativeImage(path))
} satisfies Pick<typeof Electron.nativeImage, 'createFromPath'>

export class FakeMenu {
  static application: FakeMenu | null = null
  constructor(readonly template: Electron.MenuItemConstructorOptions[]) {}
  static buildFromTemplate(template: Array<Electron.MenuItemConstructorOptions | Electron.MenuItem>): Electron.Menu {
    return new FakeMenu(template as Electron.MenuItemConstructorOptions[]) as unknown as Electron.Menu
  }
  static setApplicationMenu(menu: Electron.Menu | null): void {
    FakeMenu.application = menu as unknown as FakeMenu | null
  }
  /** Labels as the user sees them, `&&` shown as `&` and single `&` (mnemonic markers) dropped. */
  labels(): string[] {
    return this.template.map((i) => (i.type === 'separator' ? '---' : shown(i.label ?? '')))
  }
  item(label: string | RegExp): Electron.MenuItemConstructorOptions {
    const found = this.template.find((i) => i.label !== undefined && matches(shown(i.label), label))
    if (!found) throw new Error(`no menu item ${String(label)} in ${this.labels().join(' | ')}`)
    return found
  }
  /** Clicks an item the way a user does (Electron passes the item, the window and the event). */
  click(label: string | RegExp): void {
    const item = this.item(label)
    if (item.enabled === false) throw new Error(`menu item ${String(label)} is disabled`)
    item.click?.({} as Electron.MenuItem, undefined, {} as Electron.KeyboardEvent)
  }
}
const shown = (label: string) => label.replace(/&(&?)/g, '$1')
const matches = (text: string, want: string | RegExp) => (typeof want === 'string' ? text === want : want.test(text))
const staticMenu: Pick<typeof Electron.Menu, 'buildFromTemplate' | 'setApplicationMenu'> = FakeMenu

// ---------------------------------------------------------------- tray

export class FakeTray
  extends EventEmitter
  implements Pick<Electron.Tray, 'setImage' | 'setToolTip' | 'setContextMenu' | 'setTitle' | 'destroy' | 'isDestroyed'>
{
  static instances: FakeTray[] = []
  image: FakeNativeImage
  tooltip = ''
  menu: FakeMenu | null = null
  /** Every setTitle, in order (macOS's text beside the menu-bar icon). */
  titles: string[] = []
  private destroyed = false
  constructor(image: Electron.NativeImage | string) {
    super()
    this.image = fakeImage(image)
    FakeTray.instances.push(this)
  }
  private alive(): void {
    // Electron throws on a destroyed tray ("Object has been destroyed").
    if (this.destroyed) throw new TypeError('Object has been destroyed')
  }
  setImage(image: Electron.NativeImage | string): void {
    this.alive()
    this.image = fakeImage(image)
  }
  setToolTip(toolTip: string): void {
    this.alive()
    this.tooltip = toolTip
  }
  /** electron_api_tray.cc SetTitle: the title is set under `#if BUILDFLAG(IS_MAC)` only. */
  setTitle(title: string): void {
    this.alive()
    if (process.platform === 'darwin') this.titles.push(title)
  }
  setContextMenu(menu: Electron.Menu | null): void {
    this.alive()
    this.menu = menu as unknown as FakeMenu | null
  }
  destroy(): void {
    this.alive()
    this.destroyed = true
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /**
   * A left click as the user makes it. On Windows the press goes to the notification area first,
   * which takes the foreground: the app's window has lost focus (`blur`) before `click` arrives.
   */
  click(): void {
    if (process.platform === 'win32') for (const w of FakeBrowserWindow.instances) if (w.isFocused()) w.blur()
    this.emit('click')
  }
}

// ---------------------------------------------------------------- windows and web contents

export class FakeWebContents
  extends EventEmitter
  implements Pick<Electron.WebContents, 'send' | 'setWindowOpenHandler' | 'getURL' | 'isDestroyed'>
{
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  url = ''
  openHandler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0] | null = null
  destroyed = false
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
  }
  setWindowOpenHandler(handler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0]): void {
    this.openHandler = handler
  }
  getURL(): string {
    return this.url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** A listener that may cancel: returns whether it did. */
  cancellable(name: string, ...args: unknown[]): boolean {
    const event = new FakeEvent()
    this.emit(name, asEvent(event), ...args)
    return event.defaultPrevented
  }
}

type WindowMethods =
  | 'show'
  | 'hide'
  | 'focus'
  | 'isVisible'
  | 'isFocused'
  | 'isMinimized'
  | 'minimize'
  | 'restore'
  | 'isDestroyed'
  | 'loadURL'
  | 'loadFile'
  | 'close'
  | 'setOverlayIcon'

export class FakeBrowserWindow extends EventEmitter implements Pick<Electron.BrowserWindow, WindowMethods> {
  static instances: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  loaded: Array<{ url?: string; file?: string }> = []
  /**
   * Every setOverlayIcon, in order: the image's path (null clears) and the screen reader's words.
   * browser-window.md: Windows' taskbar button; the method exists, doing nothing, on other systems.
   */
  overlays: Array<{ image: string | null; description: string }> = []
  /**
   * What the taskbar button shows (Windows). Explorer makes the button some time after the window
   * is shown, when it gets to it (`makeTaskbarButton`: the test says when), and only then takes an
   * overlay: ITaskbarList3's docs ask callers to wait for the TaskbarButtonCreated message, which
   * Electron handles nowhere (native_window_views_win.cc handles only TaskbarCreated, and restores
   * only thumbar buttons). A hidden window has no button.
   */
  taskbarOverlay: string | null = null
  private taskbarButton = false
  private visible = false
  private focused = false
  private minimized = false
  private destroyed = false
  constructor(readonly options: Electron.BrowserWindowConstructorOptions = {}) {
    super()
    FakeBrowserWindow.instances.push(this)
    app.emit('web-contents-created', asEvent(new FakeEvent()), this.webContents)
  }
  static getAllWindows(): Electron.BrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed) as unknown as Electron.BrowserWindow[]
  }
  /** browser-window.md: `show` and `hide` are emitted when the window is shown or hidden. */
  show(): void {
    const wasVisible = this.visible
    this.visible = true
    this.minimized = false
    if (!wasVisible) this.emit('show')
    this.focus()
  }
  hide(): void {
    const wasVisible = this.visible
    this.visible = false
    this.taskbarButton = false
    this.taskbarOverlay = null
    this.blur()
    if (wasVisible) this.emit('hide')
  }
  /** Explorer has made the taskbar button of the shown window (nothing for a hidden one). */
  makeTaskbarButton(): void {
    this.taskbarButton = this.visible
  }
  setOverlayIcon(overlay: Electron.NativeImage | null, description: string): void {
    this.overlays.push({ image: overlay ? fakeImage(overlay).path : null, description })
    if (this.taskbarButton) this.taskbarOverlay = overlay ? fakeImage(overlay).path : null
  }
  /** browser-window.md: `focus` and `blur` are emitted when the window gains or loses focus. */
  focus(): void {
    if (this.focused) return
    this.focused = true
    this.emit('focus')
  }
  /** Another app (or Windows' taskbar) came to the front. */
  blur(): void {
    if (!this.focused) return
    this.focused = false
    this.emit('blur')
  }
  isVisible(): boolean {
    return this.visible
  }
  isFocused(): boolean {
    return this.focused
  }
  isMinimized(): boolean {
    return this.minimized
  }
  minimize(): void {
    this.minimized = true
    this.focused = false
  }
  restore(): void {
    this.minimized = false
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push({ url })
    this.webContents.url = url
    return Promise.resolve()
  }
  loadFile(filePath: string): Promise<void> {
    this.loaded.push({ file: filePath })
    this.webContents.url = `file://${filePath}`
    return Promise.resolve()
  }
  /** As the close button: `close` may be prevented, else the window is destroyed. */
  close(): void {
    if (this.destroyed) return
    const event = new FakeEvent()
    this.emit('close', asEvent(event))
    if (event.defaultPrevented) return
    this.destroyed = true
    this.visible = false
    this.webContents.destroyed = true
    this.emit('closed')
  }
}

// ---------------------------------------------------------------- notifications

export class FakeNotification
  extends EventEmitter
  implements Pick<Electron.Notification, 'show' | 'close' | 'title' | 'body' | 'actions'>
{
  static instances: FakeNotification[] = []
  static supported = true
  static activationHandler: ((details: Electron.ActivationArguments) => void) | null = null
  title: string
  body: string
  actions: Electron.NotificationAction[]
  shown = false
  closed = false
  constructor(readonly options: Electron.NotificationConstructorOptions = {}) {
    // electron_api_notification.cc Notification::New.
    if (!app.isReady()) throw new Error('Cannot create Notification before app is ready')
    super()
    this.title = options.title ?? ''
    this.body = options.body ?? ''
    this.actions = options.actions ?? []
    FakeNotification.instances.push(this)
  }
  static isSupported(): boolean {
    return FakeNotification.supported
  }
  static handleActivation(callback: (details: Electron.ActivationArguments) => void): void {
    FakeNotification.activationHandler = callback
  }
  show(): void {
    this.shown = true
    this.emit('show', asEvent(new FakeEvent()))
  }
  close(): void {
    this.closed = true
    this.emit('close', asEvent(new FakeEvent()))
  }
  click(): void {
    this.emit('click', asEvent(new FakeEvent()))
  }
  /**
   * macOS: a button; Windows reports buttons through handleActivation instead (see activate).
   * notification.md: `actions` and the `action` event are _macOS_ _Windows_; Linux shows no buttons.
   */
  pressAction(index: number): void {
    if (process.platform === 'linux') throw new Error('Electron shows no notification buttons on Linux')
    this.emit('action', { ...new FakeEvent(), actionIndex: index, selectionIndex: -1 }, index, -1)
  }
  fail(error: string): void {
    this.emit('failed', asEvent(new FakeEvent()), error)
  }
  /** Windows: what the toast activator reports for this toast (or, without tag, the Action Center). */
  static activate(details: Electron.ActivationArguments): void {
    FakeNotification.activationHandler?.(details)
  }
}
const staticNotification: Pick<typeof Electron.Notification, 'isSupported' | 'handleActivation'> = FakeNotification

// ---------------------------------------------------------------- app

type AppMethods =
  | 'setBadgeCount'
  | 'whenReady'
  | 'isReady'
  | 'getPath'
  | 'setPath'
  | 'getAppPath'
  | 'getLocale'
  | 'getName'
  | 'getVersion'
  | 'requestSingleInstanceLock'
  | 'quit'
  | 'exit'
  | 'setAppUserModelId'
  | 'setLoginItemSettings'
  | 'getLoginItemSettings'
  | 'isPackaged'
  | 'setAsDefaultProtocolClient'
  | 'releaseSingleInstanceLock'

type PathName = Parameters<Electron.App['getPath']>[0]

const DESKTOP_NAME = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { desktopName: string }
).desktopName

export class FakeDock implements Pick<Electron.Dock, 'hide' | 'show' | 'isVisible'> {
  private visible = true
  hide(): void {
    this.visible = false
  }
  show(): Promise<void> {
    this.visible = true
    return Promise.resolve()
  }
  isVisible(): boolean {
    return this.visible
  }
}

export class FakeApp extends EventEmitter implements Pick<Electron.App, AppMethods> {
  isPackaged = false
  locale = 'en-US'
  lockAvailable = true
  appUserModelId: string | null = null
  exitCode: number | null = null
  quitted = false
  loginItem: Electron.Settings = {}
  wasOpenedAtLogin = false
  dock: FakeDock | undefined = undefined
  /** The schemes this executable asked for (setAsDefaultProtocolClient), granted or not. */
  protocols: string[] = []
  /**
   * lib/browser/init.ts: `app.setDesktopName(packageJson.desktopName || ...)`, which Electron
   * exports as CHROME_DESKTOP: the name of the .desktop file Linux matches the app to.
   */
  desktopName = DESKTOP_NAME
  /** Linux: the .desktop files installed where GIO looks (XDG_DATA_DIRS/applications); an AppImage installs none. */
  installedDesktopEntries: string[] = []
  /** Linux: a GNOME session on Wayland, where global shortcuts go through the desktop portal. */
  gnomeWayland = false
  /**
   * Linux: a Wayland session (GNOME's included), where globalShortcut goes through the desktop
   * portal (global-shortcut.md "Usage on Linux").
   */
  wayland = false
  /** Linux: whether a running Onair's SingletonLock is in the user-data folder (lockAvailable false leaves it to the other). */
  private lockPath: string | null = null
  /** Every setBadgeCount, in order (macOS: the Dock icon; Linux: LauncherEntry launchers). */
  badgeCounts: number[] = []
  private paths = new Map<string, string>()
  private ready!: Promise<void>
  private markReady!: () => void

  reset(platform: Platform, appPath: string, folder: string): void {
    this.removeAllListeners()
    this.isPackaged = false
    this.locale = 'en-US'
    this.lockAvailable = true
    this.appUserModelId = null
    this.exitCode = null
    this.quitted = false
    this.loginItem = {}
    this.wasOpenedAtLogin = false
    this.dock = platform === 'darwin' ? new FakeDock() : undefined
    this.protocols = []
    this.badgeCounts = []
    this.desktopName = DESKTOP_NAME
    this.installedDesktopEntries = []
    this.gnomeWayland = false
    this.wayland = false
    this.lockPath = null
    this.paths = new Map([
      ['appPath', appPath],
      ['appData', `${folder}/appData`],
      ['userData', `${folder}/appData/Electron`],
      ['logs', `${folder}/logs`],
      ['exe', `${folder}/Onair.exe`],
      ['home', `${folder}/home`]
    ])
    this.ready = new Promise((resolve) => (this.markReady = resolve))
    this.readyNow = false
  }
  private readyNow = false
  /** Electron's `ready`. */
  becomeReady(): void {
    this.readyNow = true
    this.markReady()
    this.emit('ready')
  }
  isReady(): boolean {
    return this.readyNow
  }
  whenReady(): Promise<void> {
    return this.ready
  }
  getPath(name: PathName): string {
    const path = this.paths.get(name)
    if (path === undefined) throw new Error(`Failed to get '${name}' path`)
    return path
  }
  setPath(name: string, path: string): void {
    // Electron: "Path must be absolute".
    if (!path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(path)) throw new Error(`Path must be absolute: ${path}`)
    this.paths.set(name, path)
  }
  getAppPath(): string {
    return this.getPath('appPath' as PathName)
  }
  getLocale(): string {
    return this.locale
  }
  getName(): string {
    return 'Onair'
  }
  getVersion(): string {
    return '0.1.0'
  }
  /**
   * electron_api_app.cc RequestSingleInstanceLock: Chromium's ProcessSingleton, on POSIX the
   * symlink `SingletonLock` (hostname-pid) in the user-data folder, created if missing. It stays
   * until releaseSingleInstanceLock or `quit` (App::OnQuit: Cleanup right after emitting `quit`).
   */
  requestSingleInstanceLock(): boolean {
    if (!this.lockAvailable) return false
    if (this.lockPath) return true
    const folder = this.getPath('userData')
    mkdirSync(folder, { recursive: true })
    this.lockPath = join(folder, 'SingletonLock')
    symlinkSync(`${hostname()}-${process.pid}`, this.lockPath)
    return true
  }
  releaseSingleInstanceLock(): void {
    if (this.lockPath) rmSync(this.lockPath, { force: true })
    this.lockPath = null
  }
  /**
   * As app.md: `before-quit`, then every window closes (one that refuses cancels), `will-quit`,
   * `quit`. Listeners are called as any EventEmitter's: a promise one returns is not waited for,
   * and after `quit` the process ends (what was still pending never runs).
   */
  quit(): void {
    const before = new FakeEvent()
    this.emit('before-quit', asEvent(before))
    if (before.defaultPrevented) return
    for (const window of [...FakeBrowserWindow.instances]) {
      window.close()
      if (!window.isDestroyed()) return
    }
    const will = new FakeEvent()
    this.emit('will-quit', asEvent(will))
    if (will.defaultPrevented) return
    this.quitted = true
    this.emit('quit', asEvent(new FakeEvent()), 0)
    this.releaseSingleInstanceLock()
  }
  exit(exitCode = 0): void {
    this.exitCode = exitCode
  }
  /**
   * app.md documents it for macOS and Linux (0 hides the badge); Onair calls it nowhere else.
   * browser_linux.cc SetBadgeCount: false without a count; else launcher_entry.cc sends the D-Bus
   * signal for `application://<desktopName>` and answers true, shown or not (a launcher shows it
   * only for an installed entry of that name).
   */
  setBadgeCount(count?: number): boolean {
    if (count === undefined && process.platform === 'linux') return false
    this.badgeCounts.push(count ?? 0)
    return true
  }
  /**
   * browser_linux.cc SetDefaultWebClient: `g_desktop_app_info_new(CHROME_DESKTOP)`, false when no
   * installed .desktop file has that name (an AppImage, a development run).
   */
  setAsDefaultProtocolClient(protocol: string): boolean {
    this.protocols.push(protocol)
    return process.platform !== 'linux' || this.installedDesktopEntries.includes(this.desktopName)
  }
  setAppUserModelId(id: string): void {
    this.appUserModelId = id
  }
  setLoginItemSettings(settings: Electron.Settings): void {
    this.loginItem = { ...settings }
  }
  getLoginItemSettings(): Electron.LoginItemSettings {
    const open = this.loginItem.openAtLogin ?? false
    return {
      openAtLogin: open,
      wasOpenedAtLogin: this.wasOpenedAtLogin,
      status: open ? 'enabled' : 'not-registered',
      executableWillLaunchAtLogin: open,
      launchItems: []
    }
  }
}
export const app = new FakeApp()

// ---------------------------------------------------------------- session, ipc, the rest

type HeadersListener = (
  details: Electron.OnHeadersReceivedListenerDetails,
  callback: (response: Electron.HeadersReceivedResponse) => void
) => void
type RequestHandler = Parameters<Electron.Session['setPermissionRequestHandler']>[0]
type CheckHandler = Parameters<Electron.Session['setPermissionCheckHandler']>[0]

export class FakeWebRequest implements Pick<Electron.WebRequest, 'onHeadersReceived'> {
  headersListener: HeadersListener | null = null
  onHeadersReceived(filter: Electron.WebRequestFilter, listener: HeadersListener | null): void
  onHeadersReceived(listener: HeadersListener | null): void
  onHeadersReceived(a: Electron.WebRequestFilter | HeadersListener | null, b?: HeadersListener | null): void {
    this.headersListener = typeof a === 'function' ? a : (b ?? null)
  }
  /** The headers a response for `url` reaches the page with. */
  respond(url: string, responseHeaders: Record<string, string[]> = {}): Record<string, string[]> | undefined {
    let out: Record<string, string[]> | undefined = responseHeaders
    this.headersListener?.({ url, responseHeaders } as Electron.OnHeadersReceivedListenerDetails, (r) => {
      out = r.responseHeaders as Record<string, string[]> | undefined
    })
    return out
  }
}

export class FakeSession implements Pick<
  Electron.Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler'
> {
  webRequest = new FakeWebRequest()
  requestHandler: RequestHandler = null
  checkHandler: CheckHandler = null
  setPermissionRequestHandler(handler: RequestHandler): void {
    this.requestHandler = handler
  }
  setPermissionCheckHandler(handler: CheckHandler): void {
    this.checkHandler = handler
  }
}
export const session = {
  defaultSession: new FakeSession() as unknown as Electron.Session,
  /** electron-updater requests through its own partition. */
  fromPartition: (_partition: string): Electron.Session => new FakeSession() as unknown as Electron.Session
}
export const defaultSession = (): FakeSession => session.defaultSession as unknown as FakeSession

type InvokeHandler = (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => unknown
export class FakeIpcMain extends EventEmitter implements Pick<Electron.IpcMain, 'handle' | 'removeHandler'> {
  readonly handlers = new Map<string, InvokeHandler>()
  /** Every channel anything listened to with `on`, removed since or not. */
  readonly listenedTo = new Set<string>()
  override on(channel: string, listener: (event: Electron.IpcMainEvent, ...args: unknown[]) => void): this {
    this.listenedTo.add(channel)
    return super.on(channel, listener)
  }
  handle(channel: string, listener: InvokeHandler): void {
    // ipc-main-impl.ts: a second handler for one channel is a programming error.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, listener)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  /** What `ipcRenderer.invoke` from `sender` / `frame` would get back. */
  async invoke(
    channel: string,
    from: { sender: FakeWebContents; url: string; parent?: object | null },
    input?: unknown
  ) {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    const event = { sender: from.sender, senderFrame: { url: from.url, parent: from.parent ?? null } }
    return handler(event as unknown as Electron.IpcMainInvokeEvent, input)
  }
}
export const ipcMain = new FakeIpcMain()
// `on` and `removeAllListeners` return the emitter, not an IpcMain, so `implements` cannot check
// them; their parameters are checked here (electron-store listens, the shell removes).
const _ipcOn: (...a: Parameters<Electron.IpcMain['on']>) => unknown = (...a) => ipcMain.on(...a)
const _ipcRemove: (...a: Parameters<Electron.IpcMain['removeAllListeners']>) => unknown = (...a) =>
  ipcMain.removeAllListeners(...a)
void _ipcOn
void _ipcRemove

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  openExternal(url: string): Promise<void> {
    shell.opened.push(url)
    return Promise.resolve()
  },
  openPath(path: string): Promise<string> {
    shell.openedPaths.push(path)
    return Promise.resolve('')
  }
} satisfies Pick<Electron.Shell, 'openExternal' | 'openPath'> & Record<string, unknown>

export const powerMonitor = new EventEmitter() as EventEmitter & Pick<Electron.PowerMonitor, 'on' | 'off'>

/**
 * `net.request` over Node's http, as electron-updater uses it (client-request.md): `response` with
 * a readable message (statusCode, headers), `redirect` when `redirect: 'manual'`, `error`, and
 * `abort()`. Like Electron's, it never emits `socket`, so nothing times a silent server out.
 */
export class FakeClientRequest extends EventEmitter implements Pick<Electron.ClientRequest, 'abort'> {
  private readonly request: ClientRequest
  private aborted = false
  constructor(options: Electron.ClientRequestConstructorOptions | string) {
    super()
    const o = typeof options === 'string' ? { url: options } : options
    const url = new URL(
      o.url ?? `${o.protocol ?? 'http:'}//${o.hostname ?? o.host}${o.port ? `:${o.port}` : ''}${o.path ?? '/'}`
    )
    net.requested.push(url.href)
    const method = o.method ?? 'GET'
    this.request = httpRequest(url, { method, headers: o.headers as Record<string, string> | undefined })
    this.request.on('response', (response: IncomingMessage) => {
      const location = response.headers.location
      const status = response.statusCode ?? 0
      if (o.redirect === 'manual' && status >= 300 && status < 400 && location) {
        response.resume()
        this.emit('redirect', status, method, new URL(location, url).href, response.headers)
      } else this.emit('response', response)
    })
    this.request.on('error', (error) => this.aborted || this.emit('error', error))
  }
  /** electron-updater only sends GETs: no body. */
  end(): void {
    this.request.end()
  }
  abort(): void {
    this.aborted = true
    this.request.destroy()
    this.emit('abort')
  }
}

/** Chromium's name of a failure Node's fetch reports by its `cause.code` (net_error_list.h). */
const NET_ERRORS: [node: RegExp, chromium: string][] = [
  [/^ECONNREFUSED$/, 'ERR_CONNECTION_REFUSED'],
  [/^(ENOTFOUND|EAI_AGAIN)$/, 'ERR_NAME_NOT_RESOLVED'],
  [/^ECONNRESET$/, 'ERR_CONNECTION_RESET'],
  [/^(UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_)/, 'ERR_CERT_AUTHORITY_INVALID'],
  [/^ERR_TLS_CERT_ALTNAME_INVALID$/, 'ERR_CERT_COMMON_NAME_INVALID']
]

/** What Chromium rejects with for what Node's fetch reports: a bare Error, no `cause` (net.ts). */
function chromiumError(cause: { code?: string; message?: string } | undefined): Error {
  if (/redirect/i.test(cause?.message ?? '')) return new Error("Attempted to redirect, but redirect policy was 'error'")
  const code = cause?.code ?? ''
  return new Error(`net::${NET_ERRORS.find(([node]) => node.test(code))?.[1] ?? 'ERR_FAILED'}`)
}

export const net = {
  online: true,
  /** Every address asked through `net.request`, in order. */
  requested: [] as string[],
  /** Every request sent through `net.fetch`, in order, with the options it was given. */
  fetched: [] as { url: string; init: RequestInit | undefined }[],
  isOnline: (): boolean => net.online,
  request: (options: Electron.ClientRequestConstructorOptions | string): Electron.ClientRequest =>
    new FakeClientRequest(options) as unknown as Electron.ClientRequest,
  /**
   * `net.fetch` (net.md; lib/browser/api/net-fetch.ts over net-client-request.ts), here over Node's
   * fetch: it is `session.defaultSession.fetch` (lib/browser/api/net.ts), and the default session
   * exists only once the app is ready (electron_api_session.cc `FromPartition` throws a TypeError
   * before); an aborted signal rejects with its reason, `redirect: 'error'` fails with
   * ClientRequest's message, and any other failure with an Error reading Chromium's `net::ERR_…`.
   */
  async fetch(input: string, init?: RequestInit): Promise<Response> {
    if (!app.isReady()) throw new TypeError('Session can only be received when app is ready')
    net.fetched.push({ url: input, init })
    try {
      return await fetch(input, init)
    } catch (e) {
      if (init?.signal?.aborted) throw init.signal.reason
      throw chromiumError((e as { cause?: { code?: string; message?: string } }).cause)
    }
  }
} satisfies Pick<Electron.Net, 'isOnline' | 'request'> & Record<string, unknown>

type ProtocolHandler = (request: Request) => Response | Promise<Response>

/**
 * Custom schemes (protocol.md): `registerSchemesAsPrivileged` only before `ready` and only once;
 * `handle` only after it, and not twice for one scheme (Electron: "Failed to register protocol").
 * `get(url)` is a request from a page: a standard scheme's URL is parsed as Chromium parses http
 * (dot segments resolved, `\` read as `/`, the host lowercased; percent-escapes left as they are).
 */
export const protocol = {
  privileged: null as Electron.CustomScheme[] | null,
  handlers: new Map<string, ProtocolHandler>(),
  registerSchemesAsPrivileged(customSchemes: Electron.CustomScheme[]): void {
    if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
    if (protocol.privileged) throw new Error('protocol.registerSchemesAsPrivileged can be called only once')
    protocol.privileged = customSchemes
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    if (!app.isReady()) throw new Error('protocol.handle can only be used after the ready event')
    if (protocol.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`)
    protocol.handlers.set(scheme, handler)
  },
  unhandle(scheme: string): void {
    protocol.handlers.delete(scheme)
  },
  isProtocolHandled(scheme: string): boolean {
    return protocol.handlers.has(scheme)
  },
  async get(url: string): Promise<Response> {
    const scheme = url.slice(0, url.indexOf(':'))
    const handler = protocol.handlers.get(scheme)
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME (${url})`)
    const standard = protocol.privileged?.some((s) => s.scheme === scheme && s.privileges?.standard)
    const normalised = standard ? new URL(url.replace(`${scheme}:`, 'http:')).href.replace('http:', `${scheme}:`) : url
    return handler(new Request(normalised))
  }
} satisfies Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'> &
  Record<string, unknown>

/**
 * Squirrel's updater, whose events electron-updater's quitAndInstall also emits on Linux and
 * Windows (BaseUpdater.js). Its own quitAndInstall, where MacUpdater.js ends, is
 * electron_api_auto_updater.cc QuitAndInstall: `before-quit-for-update`, then every window is
 * closed, and only once all are closed does the app quit (so `before-quit` comes after the
 * windows' `close`, app.md); a window that refuses to close leaves the app running.
 *
 * Then macOS's native QuitAndInstall (auto_updater_mac.mm L167-179) has Squirrel relaunch into
 * the update; when that fails (`relaunchFails`, set by a test) it reports `error` and the app,
 * its windows already closed, goes on running.
 */
export const autoUpdater = Object.assign(new EventEmitter(), {
  relaunchFails: null as string | null,
  quitAndInstall(): void {
    autoUpdater.emit('before-quit-for-update')
    for (const window of [...FakeBrowserWindow.instances]) window.close()
    if (!FakeBrowserWindow.instances.every((w) => w.isDestroyed())) return
    if (autoUpdater.relaunchFails === null) return app.quit()
    autoUpdater.emit('error', new Error(autoUpdater.relaunchFails))
  }
})

export const clipboard = {
  text: '',
  writeText(text: string): Promise<void> {
    clipboard.text = text
    return Promise.resolve()
  }
} satisfies Pick<Electron.Clipboard, 'writeText'> & Record<string, unknown>

/**
 * The save dialog answers what a test put in `nextSave` (null: the user cancelled). A message box
 * (dialog.md, showMessageBox) records its parent and options and answers the button index in
 * `nextResponse`; null is the user pressing Escape or closing it, which answers `cancelId`
 * (Electron's default when none is given: a button labelled "cancel" or "no", else 0).
 */
export const dialog = {
  nextSave: null as string | null,
  asked: [] as Electron.SaveDialogOptions[],
  nextResponse: null as number | null,
  messageBoxes: [] as Array<{ parent: FakeBrowserWindow | null; options: Electron.MessageBoxOptions }>,
  errorBoxes: [] as Array<{ title: string; content: string }>,
  /** Modal and synchronous; callable before `ready` (on Linux it then only writes to stderr). */
  showErrorBox(title: string, content: string): void {
    dialog.errorBoxes.push({ title, content })
  },
  showSaveDialog(options: Electron.SaveDialogOptions): Promise<Electron.SaveDialogReturnValue> {
    dialog.asked.push(options)
    const filePath = dialog.nextSave
    return Promise.resolve(filePath === null ? { canceled: true, filePath: '' } : { canceled: false, filePath })
  },
  showMessageBox(
    a: Electron.BrowserWindow | Electron.MessageBoxOptions,
    b?: Electron.MessageBoxOptions
  ): Promise<Electron.MessageBoxReturnValue> {
    const [parent, options] = b ? [a as unknown as FakeBrowserWindow, b] : [null, a as Electron.MessageBoxOptions]
    if (typeof options.message !== 'string') throw new TypeError('message is required')
    dialog.messageBoxes.push({ parent, options })
    const buttons = options.buttons ?? []
    const escape =
      options.cancelId ??
      Math.max(
        0,
        buttons.findIndex((label) => /^(cancel|no)$/i.test(label))
      )
    const response = dialog.nextResponse ?? escape
    if (response < 0 || response >= Math.max(buttons.length, 1)) throw new RangeError(`no button ${response}`)
    return Promise.resolve({ response, checkboxChecked: false })
  }
}
// Overloads (with and without a parent window) defeat `satisfies`: each form Onair calls is checked here.
const _dialogCall: (o: Electron.SaveDialogOptions) => Promise<Electron.SaveDialogReturnValue> = dialog.showSaveDialog
const _messageBox: (
  w: Electron.BrowserWindow,
  o: Electron.MessageBoxOptions
) => Promise<Electron.MessageBoxReturnValue> = dialog.showMessageBox
void _dialogCall
void _messageBox

/** electron_api_global_shortcut.cc: every method but isRegistered throws before `ready`. */
const shortcutsReady = (): void => {
  if (!app.isReady()) throw new Error('globalShortcut cannot be used before the app is ready')
}
/** A Wayland session: binds go through the desktop portal (global-shortcut.md "Usage on Linux"). */
const portal = (): boolean => process.platform === 'linux' && (app.wayland || app.gnomeWayland)

/**
 * System-wide shortcuts (global-shortcut.md; electron_api_global_shortcut.cc). Grabbed directly
 * (X11, macOS, Windows), `register` answers false when another application holds the accelerator
 * (`heldElsewhere`, set by a test) or this app registered it already. Through the portal
 * (Wayland: `Register` L151-195, IsRegistrationHandledExternally) it hands the command to the
 * portal and answers true whatever holds the key, and `unregister` does nothing (L211-212 looks
 * only at the grabbed accelerators), so only `unregisterAll` lets a portal bind go. `press` is the
 * user pressing it anywhere on the system: through the portal it never reaches a key another app
 * holds, nor, on GNOME, an app whose desktopName is not a reverse-DNS id matching an installed
 * .desktop file (GNOME "denies every bind — silently").
 */
export const globalShortcut = {
  registered: new Map<string, () => void>(),
  heldElsewhere: new Set<string>(),
  register(accelerator: string, callback: () => void): boolean {
    shortcutsReady()
    if (portal()) return (globalShortcut.registered.set(accelerator, callback), true)
    if (globalShortcut.heldElsewhere.has(accelerator) || globalShortcut.registered.has(accelerator)) return false
    globalShortcut.registered.set(accelerator, callback)
    return true
  },
  unregister(accelerator: string): void {
    shortcutsReady()
    if (!portal()) globalShortcut.registered.delete(accelerator)
  },
  unregisterAll(): void {
    shortcutsReady()
    globalShortcut.registered.clear()
  },
  isRegistered(accelerator: string): boolean {
    return globalShortcut.registered.has(accelerator)
  },
  /** Runs what the app registered for `accelerator`; false when nothing of the app's answers it. */
  press(accelerator: string): boolean {
    const gnomeDenies =
      app.gnomeWayland &&
      !(
        /^[a-z][\w-]*(\.[\w-]+){2,}\.desktop$/i.test(app.desktopName) &&
        app.installedDesktopEntries.includes(app.desktopName)
      )
    const elsewhere = portal() && globalShortcut.heldElsewhere.has(accelerator)
    const callback = gnomeDenies || elsewhere ? undefined : globalShortcut.registered.get(accelerator)
    callback?.()
    return callback !== undefined
  }
} satisfies Pick<Electron.GlobalShortcut, 'register' | 'unregister' | 'unregisterAll' | 'isRegistered'> &
  Record<string, unknown>

// ---------------------------------------------------------------- the module and its reset

const members = {
  app: app as unknown as Electron.App,
  autoUpdater: autoUpdater as unknown as Electron.AutoUpdater,
  BrowserWindow: FakeBrowserWindow,
  Menu: staticMenu,
  Notification: staticNotification,
  Tray: FakeTray,
  clipboard,
  dialog: dialog as unknown as Electron.Dialog,
  globalShortcut,
  ipcMain,
  nativeImage,
  net,
  powerMonitor,
  protocol,
  session,
  shell
}
// Every export is a member of the real module: a renamed or removed API fails here.
const _members: Record<keyof typeof members, unknown> = {} as Pick<typeof import('electron'), keyof typeof members>
void _members

/**
 * The module as an ES module sees the CommonJS `electron`: its members, and all of them again as
 * `default` (electron-store does `import electron from 'electron'`).
 */
export const electronModule = { ...members, default: members }

// electron-updater is CommonJS and loads `electron` with require(), which vi.mock does not reach
// (vitest leaves node_modules' CommonJS to Node): the double also stands in Node's module cache,
// under the real package's file, which is then never run.
{
  const require = createRequire(import.meta.url)
  const path = require.resolve('electron')
  const standIn = new Module(path)
  standIn.exports = electronModule
  standIn.loaded = true
  require.cache[path] = standIn
}

const realPlatform = process.platform

/** Fresh state for one start: no windows, trays, notifications, handlers or listeners. */
export function resetElectron(opts: { platform?: Platform; appPath: string; folder: string }): void {
  setPlatform(opts.platform ?? 'linux')
  app.reset(opts.platform ?? 'linux', opts.appPath, opts.folder)
  FakeBrowserWindow.instances = []
  FakeTray.instances = []
  // Electron's default menu, with what a packaged build must not keep.
  FakeMenu.application = new FakeMenu([
    { label: 'View', submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }] },
    { role: 'help' }
  ])
  FakeNotification.instances = []
  FakeNotification.supported = true
  FakeNotification.activationHandler = null
  session.defaultSession = new FakeSession() as unknown as Electron.Session
  ipcMain.handlers.clear()
  ipcMain.removeAllListeners()
  ipcMain.listenedTo.clear()
  powerMonitor.removeAllListeners()
  shell.opened = []
  shell.openedPaths = []
  net.online = true
  net.requested = []
  net.fetched = []
  autoUpdater.removeAllListeners()
  autoUpdater.relaunchFails = null
  clipboard.text = ''
  dialog.nextSave = null
  dialog.asked = []
  dialog.nextResponse = null
  protocol.privileged = null
  protocol.handlers.clear()
  dialog.messageBoxes = []
  dialog.errorBoxes = []
  globalShortcut.registered.clear()
  globalShortcut.heldElsewhere.clear()
}

/** process.platform as the shell reads it; `restorePlatform()` after each test. */
export function setPlatform(platform: Platform): void {
  Object.defineProperty(process, 'platform', { value: platform, configurable: true })
}
export function restorePlatform(): void {
  Object.defineProperty(process, 'platform', { value: realPlatform, configurable: true })
}
