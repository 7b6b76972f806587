// ESLint holds what Prettier does not: correctness rules for TypeScript and Svelte. Formatting
// rules are turned off (eslint-config-prettier) so the two never disagree.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'

/**
 * The layers, checked: what each part of the code may import. A flat config gives a file the rule's
 * options of the LAST block that matches it, so each block below carries every pattern its files obey
 * (test/unit/build/layers.test.ts lints a wrong import of each kind and sees it fail).
 */
const ELECTRON_MESSAGE = 'Only src/main/shell imports electron: the rest runs under plain Node.'
const ELECTRON = [
  { name: 'electron', message: ELECTRON_MESSAGE },
  { name: 'electron-store', message: 'Only src/main/shell imports electron-store (it imports electron).' }
]
// `electron/main`, `electron/common`…: Electron's own entry points, electron all the same.
const NOT_ELECTRON_PATH = { regex: '^electron/', message: ELECTRON_MESSAGE }
const NOT_SHELL = { regex: '(^|/)shell(/|$)', message: 'Only the Electron entry composes the shell.' }
const NOT_CLI = { regex: '(^|/)cli(/|$|\\.ts$)', message: 'The core serves the CLI; it never imports it.' }
/**
 * no-restricted-imports sees only static imports: the same layers for `import('…')`, whose literal
 * source is matched here. esquery's regex ends at the first `/`, so a slash is written `\x2F`.
 */
const dynamicImport = (pattern, message) => ({
  selector: `ImportExpression[source.value=/${pattern.replaceAll('/', '\\x2F')}/]`,
  message
})
const DYNAMIC_ELECTRON = dynamicImport('^electron(-store)?(/|$)', ELECTRON_MESSAGE)
const DYNAMIC_SHELL = dynamicImport(NOT_SHELL.regex, NOT_SHELL.message)
const DYNAMIC_CLI = dynamicImport(NOT_CLI.regex, NOT_CLI.message)
const NOT_MAIN = { regex: '(^|/)main(/|$)', message: 'The window reaches the main process only through window.api.' }
const RENDERER = [
  {
    regex: 'shared/(contract|records|settings|inbox|schedule)(/|$)',
    allowTypeImports: true,
    message: 'A value import from a zod module bundles zod: use a plain module in src/shared.'
  },
  {
    // The key table is the core's alone: the Settings field sends the press.
    regex: 'shared/(shortcut-keys|accelerator)$',
    message: 'The core names and checks shortcuts: send the key press (shortcuts:record).'
  },
  NOT_MAIN
]
const CORE_ROOMS = {
  store: ['programs', 'reminders', 'folder-hold', 'tray', 'records', 'inbox', 'account', 'auth', 'catch-up', 'tonight'],
  'folder-hold': ['programs', 'reminders', 'tray'],
  programs: ['reminders', 'folder-hold', 'tray'],
  tray: ['reminders', 'folder-hold']
}
const restrict = (paths, patterns) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }]
})
const views = readdirSync('src/renderer/src/views')

/**
 * Two habits the tools keep as well (test/unit/build/habits.test.ts lints a breach of each): the
 * main process reads the time only through a Clock (core/clock.ts), so tests drive it; and a test
 * makes its temp folders through test/support/temp-dir.ts, so none is left behind.
 */
const CLOCK = 'Read the time through a Clock (core/clock.ts: ctx.clock, systemClock) so tests can drive it.'
const CLOCK_READS = [
  "MemberExpression[object.name='Date'][property.name='now']",
  "NewExpression[callee.name='Date'][arguments.length=0]",
  "CallExpression[callee.name='Date']",
  "MemberExpression[object.name='performance'][property.name='now']",
  "MemberExpression[object.name='process'][property.name='hrtime']"
].map((selector) => ({ selector, message: CLOCK }))
const CORE_DYNAMIC = [DYNAMIC_ELECTRON, DYNAMIC_SHELL, DYNAMIC_CLI]
const syntax = (selectors) => ({ 'no-restricted-syntax': ['error', ...selectors] })
const TEMP = 'Make a test folder with tempDir() (or scratchDir()) from test/support/temp-dir.ts, which removes it.'
const MKDTEMP = ['mkdtemp', 'mkdtempSync']

export default ts.config(
  { ignores: ['out/', 'dist/', 'coverage/', '.reports/', 'test-results/', 'playwright-report/', 'node_modules/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs['flat/recommended'],
  prettier,
  ...svelte.configs['flat/prettier'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // svelte-check (run with --fail-on-warnings) is the judge of which svelte-ignore comments matter.
      'svelte/no-unused-svelte-ignore': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  },
  {
    files: ['src/renderer/**/*.{ts,svelte}', 'src/preload/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    // The renderer validates nothing (main checks every command and event), so zod must not reach
    // its bundle: types from the schema modules are fine, values come from plain modules
    // (shared/status-kinds, reminder-mode, watch-time, shortcut-press). Without this, one value import
    // would silently add zod and its eval probe (a CSP violation) back.
    files: ['src/renderer/**/*.{ts,svelte}'],
    rules: restrict([{ name: 'zod', message: 'The renderer bundles no zod; main validates every message.' }], RENDERER)
  },
  // A view never imports another: what several views share lives in state/, components/ or lib/.
  ...views.map((view) => ({
    files: [`src/renderer/src/views/${view}/**/*.{ts,svelte}`],
    rules: restrict(
      [{ name: 'zod', message: 'The renderer bundles no zod; main validates every message.' }],
      [
        ...RENDERER,
        {
          regex: `^\\.\\./(?!${view}/)[^./]|(^|/)views/(?!${view}/)`,
          message: `A view imports no other view: move what ${view}/ shares to state/, components/ or lib/.`
        }
      ]
    )
  })),
  // The last block that sets no-restricted-syntax wins for a file: each carries the clock reads too.
  { files: ['src/main/**/*.ts'], rules: syntax(CLOCK_READS) },
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      ...restrict(ELECTRON, [NOT_ELECTRON_PATH, NOT_SHELL, NOT_CLI]),
      ...syntax([...CLOCK_READS, ...CORE_DYNAMIC])
    }
  },
  // Core's rooms by concern, each below the ones it names: the store knows no feature; the
  // folder's hold, the program list and the tray's words know nothing of the reminders.
  ...Object.entries(CORE_ROOMS).map(([room, above]) => ({
    files: [`src/main/core/${room}/**/*.ts`],
    rules: restrict(ELECTRON, [
      NOT_ELECTRON_PATH,
      NOT_SHELL,
      NOT_CLI,
      {
        regex: `^\\.\\./(${above.join('|')})/`,
        message: `core/${room}/ sits below ${above.join(', ')}: pass what it needs in, or move the shared piece down.`
      }
    ])
  })),
  {
    files: ['src/main/cli.ts', 'src/main/cli/**/*.ts'],
    rules: {
      ...restrict(ELECTRON, [NOT_ELECTRON_PATH, NOT_SHELL]),
      ...syntax([...CLOCK_READS, DYNAMIC_ELECTRON, DYNAMIC_SHELL])
    }
  },
  // The clock is the one module that reads the time.
  { files: ['src/main/core/clock.ts'], rules: syntax(CORE_DYNAMIC) },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    ignores: ['test/support/temp-dir.ts'],
    rules: {
      ...restrict(
        ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
          name,
          importNames: MKDTEMP,
          message: TEMP
        })),
        []
      ),
      'no-restricted-properties': ['error', ...MKDTEMP.map((property) => ({ property, message: TEMP }))]
    }
  },
  {
    // Modules Electron preloads into the main process (`-r`) are CommonJS.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    // Playwright fixtures must destructure their (unused) first argument; tests poke at raw JSON.
    files: ['test/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', '@typescript-eslint/no-explicit-any': 'off' }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } }
  }
)
