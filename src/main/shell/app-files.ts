/**
 * The files the main process reads at run time, named from the app folder (`app.getAppPath()`:
 * the project folder unpackaged, `resources/app.asar` packaged). No electron here: the bundler
 * emits this module as a file of its own (out/main/app-files.js, imported by the main bundle), so
 * the packaged-layout check (`npm run package:check`) evaluates the very code the app runs, with
 * a packaged app's folder, and a wrong name fails there instead of showing a blank tray.
 */
import { join } from 'node:path'
import { OVERLAY_MARKS, type OverlayMark, type TrayImage } from '../core/inbox/unread-badge'
import type { TrayIcon } from '../core/tray/tray-state'

export const preloadFile = (appPath: string): string => join(appPath, 'out/preload/index.cjs')
export const rendererHtmlFile = (appPath: string): string => join(appPath, 'out/renderer/index.html')
/** Images shipped as they are (not hashed by the bundler): `@2x` and `Template` names must survive. */
export const resourceFile = (appPath: string, name: string): string => join(appPath, 'resources', name)
/** The app's own icon: notifications, and the window on Linux (macOS and Windows use the bundle's). */
export const appIconFile = (appPath: string): string => resourceFile(appPath, 'icon.png')
/**
 * The icon as a file another process can open (the D-Bus notification server): app.asar is one
 * file only Electron reads into, so packaged it is the copy electron-builder.yml's asarUnpack puts
 * in app.asar.unpacked.
 */
export const appIconFileOnDisk = (appPath: string): string =>
  appIconFile(appPath.endsWith('.asar') ? `${appPath}.unpacked` : appPath)

/**
 * Beside app.asar (`process.resourcesPath`), written by electron-builder, both optional: the update
 * feed the build names (from its `publish` setting; none, no updates) and, for a deb, rpm or pacman
 * package, which one it is (such a copy cannot update itself).
 */
export const updateFeedFile = (resourcesPath: string): string => join(resourcesPath, 'app-update.yml')
export const packageTypeFile = (resourcesPath: string): string => join(resourcesPath, 'package-type')

/**
 * resources/tray/ (drawn by scripts/tray-icons.ts) holds `<state>.png` with `<state>@2x.png` for
 * high-DPI screens, and black-and-alpha `<state>Template.png` (+ @2x) that macOS tints for light
 * and dark menu bars; each state also as `<state>-unread` (core/inbox/unread-badge.ts).
 */
export function trayImageFile(appPath: string, image: TrayImage, platform: NodeJS.Platform): string {
  return resourceFile(appPath, `tray/${image}${platform === 'darwin' ? 'Template' : ''}.png`)
}

/** Windows' taskbar overlay with the inbox's unread count (`BrowserWindow.setOverlayIcon`). */
export const overlayImageFile = (appPath: string, mark: OverlayMark): string =>
  resourceFile(appPath, `tray/overlay-${mark}.png`)

// A record, so the compiler insists on every state the tray can show.
const TRAY_ICONS: Record<TrayIcon, true> = { idle: true, soon: true, offline: true, error: true, 'signed-out': true }

/** nativeImage loads the `@2x` sibling of an image by its name, unasked. */
const withHighDpi = (png: string): string[] => [png, png.replace(/\.png$/, '@2x.png')]

/** Every file above, on every platform and at both scales: what a package must carry. */
export function runtimeFiles(appPath: string): string[] {
  const images = (Object.keys(TRAY_ICONS) as TrayIcon[]).flatMap((icon): TrayImage[] => [icon, `${icon}-unread`])
  const tray = (['linux', 'darwin'] as const).flatMap((platform) =>
    images.flatMap((image) => withHighDpi(trayImageFile(appPath, image, platform)))
  )
  const overlays = OVERLAY_MARKS.flatMap((mark) => withHighDpi(overlayImageFile(appPath, mark)))
  return [preloadFile(appPath), rendererHtmlFile(appPath), appIconFile(appPath), ...tray, ...overlays]
}
