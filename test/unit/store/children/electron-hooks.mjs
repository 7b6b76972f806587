/**
 * Node module hooks for a child process that runs the app's backend without Electron: `electron`
 * resolves to the shell tests' double (through electron-shim.ts).
 */
export async function resolve(specifier, context, next) {
  // Handed on, so that tsx (registered before) resolves and loads the TypeScript shim.
  return next(specifier === 'electron' ? new URL('./electron-shim.ts', import.meta.url).href : specifier, context)
}
