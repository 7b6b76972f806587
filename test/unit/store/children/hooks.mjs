/**
 * Node module hooks for the child processes of the store tests, which run the sources through tsx:
 * `atomically` resolves to Onair's writer, as the built app and CLI alias it (conf-writer.ts), and
 * `electron` to the shell tests' double (through electron-shim.ts), for the app's backend without
 * Electron.
 */
const ALIASES = {
  atomically: '../../../../src/main/shell/conf-writer.ts',
  electron: './electron-shim.ts'
}

export async function resolve(specifier, context, next) {
  // Handed on, so that tsx (registered before) resolves and loads the TypeScript files.
  const alias = ALIASES[specifier]
  return next(alias ? new URL(alias, import.meta.url).href : specifier, context)
}
