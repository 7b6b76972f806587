import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import { buildClientDefine, schemaFingerprintDefine, trimUnused } from './build/vite-shared'

/**
 * The `onair` command line as users run it: plain JavaScript for Node with every dependency
 * inlined, so an install needs nothing at run time. The entry (`out/cli/onair.mjs`, the package's
 * `bin`) holds the dispatcher and the command list only; each command's code is a chunk in
 * `out/cli/commands/`, imported when that command runs, and what several commands share is in
 * `out/cli/chunks/`, each module once (rollup splits by who imports what). So `onair --help` reads one small file and
 * `onair config get` never parses the daemon (BENCHMARKS.md, "Command line"). `npm run build`
 * builds it after the app; `npm run cli` still runs the sources through tsx for development.
 */
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string
  engines: { node: string }
}

export default defineConfig({
  define: {
    __ONAIR_VERSION__: JSON.stringify(pkg.version),
    ...buildClientDefine(),
    ...schemaFingerprintDefine()
  },
  plugins: [trimUnused()],
  // Node's own modules stay imports; everything else is inlined.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(import.meta.dirname, 'src/main/cli.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    // Not minified: an "internal error" report then carries a readable stack (measured: minifying
    // saved no start time, 424 vs 428 ms median for --help). The map stays here, out of the package.
    minify: false,
    sourcemap: 'hidden',
    // .mjs: ES modules wherever they lie, also unpacked beside app.asar where no package.json says
    // "type": "module" (the app's launcher runs the entry from there, out/cli/** is unpacked).
    rollupOptions: {
      output: {
        format: 'es',
        entryFileNames: 'onair.mjs',
        // Each command is named after its file; code that several chunks import is a shared chunk
        // named by its hash (rollup would name it after whichever of its modules comes first).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/cli/commands/')
            ? 'commands/[name].mjs'
            : chunk.isDynamicEntry
              ? 'chunks/[name].mjs'
              : 'chunks/shared-[hash].mjs',
        banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : '')
      }
    }
  }
})
