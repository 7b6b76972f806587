import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import { NATIVE_MODULES, buildClientDefine, trimUnused } from './build/vite-shared'

/**
 * The `onair` command line as users run it: plain JavaScript for Node with every dependency
 * inlined, so an install needs nothing at run time. The entry (`out/cli/onair.cjs`, the package's
 * `bin`) holds the dispatcher and the command list only; each command's code is a chunk in
 * `out/cli/commands/`, imported when that command runs, and what several commands share is in
 * `out/cli/chunks/`, each module once (rollup splits by who imports what). So `onair --help` reads one small file and
 * `onair config get` never parses the daemon. `npm run build`
 * builds it after the app; `npm run cli` still runs the sources through tsx for development.
 */
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string
  engines: { node: string }
}

export default defineConfig({
  define: {
    __ONAIR_VERSION__: JSON.stringify(pkg.version),
    __ONAIR_NODE_RANGE__: JSON.stringify(pkg.engines.node),
    ...buildClientDefine()
  },
  plugins: [trimUnused()],
  // Node's own modules and the native credential store module stay imports; everything else is inlined.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(import.meta.dirname, 'src/main/cli.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    // Below the supported floor (engines.node) on purpose: the entry must still parse on an older
    // Node for node-guard.ts to tell its user which one to install instead of a SyntaxError.
    target: 'node20',
    // Not minified: an "internal error" report then carries a readable stack, and minifying saved no
    // start time. The map stays here, out of the package.
    minify: false,
    sourcemap: 'hidden',
    // CommonJS, not ES modules: an ES module entry costs every start time (the asynchronous
    // resolve and link of each file) while a CommonJS main `require`s its chunks synchronously.
    // `.cjs` says so wherever the files lie: the repository's package.json is "type": "module", and beside app.asar, where the
    // app's launcher runs the entry from (out/cli/** is unpacked), there is no package.json at all.
    // `import.meta.url` becomes the file's own `__filename` as a URL.
    rollupOptions: {
      external: NATIVE_MODULES,
      output: {
        format: 'cjs',
        // `import('node:readline')` too becomes `require`: an `import()` left in a CommonJS file
        // would load the ES module loader after all.
        dynamicImportInCjs: false,
        entryFileNames: 'onair.cjs',
        // Each command is named after its file; code that several chunks import is a shared chunk
        // named by its hash (rollup would name it after whichever of its modules comes first).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/cli/commands/')
            ? 'commands/[name].cjs'
            : chunk.isDynamicEntry
              ? 'chunks/[name].cjs'
              : 'chunks/shared-[hash].cjs',
        banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : '')
      }
    }
  }
})
