import { vitePreprocess } from '@sveltejs/vite-plugin-svelte'

/**
 * Scoped class names are repeated all through the compiled templates, so they are kept short:
 * `s` and the first 5 characters of Svelte's own hash of the component's CSS (36^5, about 60
 * million names, for about 60 styled components). Two different style blocks cut to the same
 * name would style each other's elements, so that fails the build instead of shipping.
 */
const cssOfName = new Map()
function cssHash({ css, hash }) {
  const name = `s${hash(css).slice(0, 5)}`
  if ((cssOfName.get(name) ?? css) !== css) throw new Error(`Two components' styles share the scope class ${name}`)
  cssOfName.set(name, css)
  return name
}

// Runes mode for every component, also one that happens to use no rune (e.g. LanguageSelect):
// a single legacy-mode component switches on the runtime's legacy paths for all of them (about
// 450 bytes gzipped of the renderer), and the app is written for runes only.
export default {
  preprocess: vitePreprocess(),
  compilerOptions: { cssHash, runes: true, discloseVersion: false }
}
