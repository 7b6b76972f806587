'use strict'
/**
 * Stands in for @napi-rs/keyring (2.1.2) wherever a test does not bring a real Secret Service:
 * vitest aliases the package to this file (vitest.config.ts), and the CLI processes tests start
 * load it first (keyring-preload.cjs, spawn-cli.ts). Its items live in the JSON file named by
 * ONAIR_TEST_KEYRING (one per test file, test/setup/temp-dirs.ts), so every process of a test
 * shares one store, as they share the user's keyring; without it, in memory.
 *
 * It answers as the library is documented to (node_modules/@napi-rs/keyring/index.d.ts) and as it
 * answered against gnome-keyring 42 on a private session bus (TOOLCHAIN.md "A real Secret Service"):
 * - `getPassword` resolves null for no item; `deleteCredential` resolves false for no item, true
 *   when one was deleted (index.d.ts `getPassword`, `deleteCredential`);
 * - no store at all (no session bus, no org.freedesktop.secrets): the constructor throws
 *   "Platform failure: DBus error: …" (observed; code GenericFailure);
 * - a locked collection: reading or deleting an item that exists, and every write, rejects with
 *   "Couldn't access platform storage: Secret Service: unlock prompt was dismissed" (observed, with
 *   no prompter on the bus); reading a name that has no item resolves null (observed);
 * - an aborted signal rejects with an AbortError (the signal parameter, index.d.ts); in the state
 *   'waiting' (a store that sits at its unlock prompt) nothing answers until the signal aborts.
 */
const { existsSync, readFileSync, writeFileSync } = require('node:fs')

let memory = { state: 'open', items: {} }
const file = () => process.env.ONAIR_TEST_KEYRING
const load = () => {
  const f = file()
  if (!f) return memory
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : { state: 'open', items: {} }
}
const save = (doc) => {
  const f = file()
  if (f) writeFileSync(f, JSON.stringify(doc))
  else memory = doc
}

const failure = (message) => Object.assign(new Error(message), { code: 'GenericFailure' })
const NO_STORE = 'Platform failure: DBus error: The name org.freedesktop.secrets was not provided by any .service files'
const LOCKED = "Couldn't access platform storage: Secret Service: unlock prompt was dismissed"

class AsyncEntry {
  constructor(service, username) {
    if (load().state === 'unreachable') throw failure(NO_STORE)
    this.key = `${service}\u0000${username}`
  }
  async run(signal, work) {
    const aborted = () => Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })
    if (signal && signal.aborted) throw aborted()
    if (load().state === 'waiting')
      await new Promise((_resolve, reject) => signal && signal.addEventListener('abort', () => reject(aborted())))
    const doc = load()
    return work(doc, doc.items[this.key])
  }
  getPassword(signal) {
    return this.run(signal, (doc, item) => {
      if (item !== undefined && doc.state === 'locked') throw failure(LOCKED)
      return item ?? null
    })
  }
  setPassword(password, signal) {
    return this.run(signal, (doc) => {
      if (doc.state === 'locked') throw failure(LOCKED)
      doc.items[this.key] = password
      save(doc)
    })
  }
  deleteCredential(signal) {
    return this.run(signal, (doc, item) => {
      if (item === undefined) return false
      if (doc.state === 'locked') throw failure(LOCKED)
      delete doc.items[this.key]
      save(doc)
      return true
    })
  }
}

/** For tests: the store's state ('open', 'locked', 'unreachable', 'waiting') and its items by service and account. */
const double = {
  setState(state) {
    save({ ...load(), state })
  },
  items() {
    return Object.entries(load().items).map(([key, password]) => {
      const [service, account] = key.split('\u0000')
      return { service, account, password }
    })
  }
}

module.exports = { AsyncEntry, double }
