// Loaded into the app's main process before its code (`electron -r spy.cjs <app>`, the way
// Playwright loads its own helper): records what only the real Electron can show and the app keeps
// to itself: its tray (Electron cannot list trays), the menus and images given to it, the images
// loaded from disk, the notifications shown with what the OS answered, and the command lines that
// second instances handed over. The specs read
// globalThis.__onairSpy through app.evaluate. Prototype methods are patched because Electron's
// module exports cannot be replaced.
const { Notification, Tray, app, nativeImage } = require('electron')

const spy = { trays: [], menus: [], trayImages: 0, images: [], notifications: [], secondInstances: [] }
globalThis.__onairSpy = spy

function wrap(target, name, before) {
  const original = target[name]
  target[name] = function (...args) {
    before(this, ...args)
    return original.apply(this, args)
  }
}

wrap(Tray.prototype, 'setContextMenu', (tray, menu) => {
  if (!spy.trays.includes(tray)) spy.trays.push(tray)
  spy.menus.push(menu)
})
wrap(Tray.prototype, 'setImage', () => spy.trayImages++)

const createFromPath = nativeImage.createFromPath
nativeImage.createFromPath = (path) => {
  const image = createFromPath(path)
  spy.images.push({ path, empty: image.isEmpty(), size: image.getSize() })
  return image
}

wrap(Notification.prototype, 'show', (n) => {
  const seen = { notification: n, title: n.title, body: n.body, outcome: 'pending' }
  spy.notifications.push(seen)
  n.once('show', () => (seen.outcome = 'shown'))
  n.once('failed', (_event, error) => (seen.outcome = `failed: ${error}`))
})

app.on('second-instance', (_event, argv) => spy.secondInstances.push(argv))
