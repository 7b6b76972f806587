// ESLint holds what Prettier does not: correctness rules for TypeScript and Svelte. Formatting
// rules are turned off (eslint-config-prettier) so the two never disagree.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'

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
    // would silently add ~37 KiB gzipped and zod's eval probe (a CSP violation) back.
    files: ['src/renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The renderer bundles no zod; main validates every message.' }],
          patterns: [
            {
              regex: 'shared/(contract|records|settings|inbox|schedule)(/|$)',
              allowTypeImports: true,
              message: 'A value import from a zod module bundles zod: use a plain module in src/shared.'
            },
            {
              // The key table is the core's alone (~680 B gzipped): the Settings field sends the press.
              regex: 'shared/(shortcut-keys|accelerator)$',
              message: 'The core names and checks shortcuts: send the key press (shortcuts:record).'
            }
          ]
        }
      ]
    }
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
