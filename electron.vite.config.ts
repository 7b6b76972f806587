import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from './src/shared/csp'
import { NATIVE_MODULES, buildClientDefine, trimUnused } from './build/vite-shared'

/** `electron-vite dev` only: the page's CSP meta tag gets the development policy (see csp.ts). */
const devCsp = (): Plugin => ({
  name: 'onair-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(CONTENT_SECURITY_POLICY, devContentSecurityPolicy())
})

export default defineConfig({
  main: {
    plugins: [trimUnused()],
    // The OAuth client a release carries (the main process only, never the preload or the window).
    define: buildClientDefine(),
    build: {
      // zod and node-cron are inlined like the app's own code: the packaged app's only node_modules
      // is the credential store's native module, which no bundle can inline (electron stays
      // external too).
      externalizeDeps: false,
      // For reading traces, and the list of shipped libraries (scripts/audit-shipped.ts); the
      // package and app.asar leave maps out.
      sourcemap: 'hidden',
      rollupOptions: {
        external: NATIVE_MODULES,
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // Its own file, which the main bundle imports: the packaged-layout check runs it.
          'app-files': resolve(__dirname, 'src/main/shell/app-files.ts')
        }
      }
    }
  },
  preload: {
    build: {
      sourcemap: 'hidden',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // Sandboxed preloads cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // electron-vite leaves the renderer unminified; minified, the window loads and parses about
      // half the bytes. Hidden source maps are written beside it for reading stack traces, without
      // a sourceMappingURL comment, so the window never asks for them.
      minify: true,
      sourcemap: 'hidden',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') }
      }
    },
    // The plugin does not find the root config when the renderer root is a subfolder.
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.js') }), devCsp()]
  }
})
