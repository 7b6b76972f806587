/**
 * What the built app and command line give @homebridge/dbus-native in place of xml2js (aliased in
 * build/vite-shared.ts). dbus-native parses XML only to introspect a remote object
 * (`getService().getObject()`); Onair never does: core/freedesktop-bus.ts calls `bus.invoke` and
 * listens to signals. Loaded for nothing, xml2js with xmlbuilder and sax would weigh on every daemon
 * connected to a session bus. Anything that does
 * introspect fails loudly, never silently.
 */
export class Parser {
  constructor() {
    throw new Error('D-Bus introspection is not used by Onair (freedesktop-bus.ts invokes by name)')
  }
}
