/**
 * The updater finds its feed: a packaged copy (electron-builder's dir target with the real
 * Electron, naming a feed on this machine at build time, as releases do) asks that feed at start.
 * Development runs never check, hence the packaging. Playwright drives the app through the
 * inspector, so this one package keeps the inspect fuse on; the rest is as released.
 */
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { _electron, expect, test } from '@playwright/test'
import { packDir } from '../../scripts/package/pack'
import { electronDist } from '../../scripts/package/runtime'
import { electronOrSkip, root } from './electron'
import { scratchDir } from '../support/temp-dir'

electronOrSkip()
test.setTimeout(300_000)

test('a packaged copy asks the feed named at build time for a newer version', async () => {
  const requests: string[] = []
  const feed = createServer((req, res) => {
    requests.push(req.url ?? '')
    res.writeHead(404).end()
  })
  await new Promise<void>((res) => feed.listen(0, '127.0.0.1', res))
  const scratch = scratchDir('onair-updater-')
  try {
    // Unsigned on macOS, as a release without a certificate: it starts on Apple Silicon only
    // because electron-builder.yml has the fuses re-sign it ad hoc (resetAdHocDarwinSignature).
    const { executable } = await packDir(root, join(scratch, 'dist'), {
      electronDist: electronDist(root, 'real', scratch),
      feedUrl: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/onair/`,
      config: { electronFuses: { enableNodeCliInspectArguments: true }, mac: { identity: null, notarize: false } }
    })
    const app = await _electron.launch({
      executablePath: executable,
      env: { ...process.env, ONAIR_DATA_DIR: join(scratch, 'data') }
    })
    try {
      await expect
        .poll(() => requests.filter((url) => /^\/onair\/latest(-mac|-linux)?\.yml/.test(url)).length, {
          timeout: 60_000
        })
        .toBeGreaterThan(0)
    } finally {
      await app.close()
    }
  } finally {
    feed.close()
    rmSync(scratch, { recursive: true, force: true })
  }
})
