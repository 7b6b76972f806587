import { defineConfig } from '@playwright/test'

/**
 * Two projects: `renderer` runs the built renderer in Debian's Chromium with the contract bound
 * to the real core (needs `npm run build` first); `electron` drives the real app and skips, saying
 * why, where no Electron binary exists.
 */
export default defineConfig({
  forbidOnly: !!process.env['CI'],
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  timeout: 30_000,
  use: {
    // Playwright's own browser download cannot work here; Debian's Chromium does.
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // Without these Chromium keeps calling home, which on a closed network only costs time.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run'
      ]
    },
    trace: 'retain-on-failure'
  },
  projects: [
    { name: 'renderer', testDir: 'test/e2e' },
    { name: 'electron', testDir: 'test/electron' }
  ]
})
