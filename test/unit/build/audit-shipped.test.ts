/**
 * The libraries Onair ships are inlined by the build, so npm's own `--omit=dev` audit sees none of
 * them; scripts/audit-shipped.ts lists them from the build's source maps and keeps npm's advisories
 * on those. Shown on a small build and audit report made here (npm's advisory service is not
 * reachable from this machine; the CI workflow runs the real audit).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedFindings, shippedPackages, type Shipped } from '../../../scripts/audit-shipped'
import { tempDir } from '../../support/temp-dir'

const scratch = tempDir('onair-audit-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function put(path: string, json: unknown): void {
  mkdirSync(dirname(join(scratch, path)), { recursive: true })
  writeFileSync(join(scratch, path), JSON.stringify(json))
}

describe('the shipped libraries', () => {
  let shipped: Shipped
  beforeAll(() => {
    put('node_modules/zod/package.json', { name: 'zod', version: '4.6.7' })
    put('node_modules/@scope/lib/package.json', { name: '@scope/lib', version: '1.0.0' })
    put('node_modules/conf/node_modules/env-paths/package.json', { name: 'env-paths', version: '3.0.0' })
    put('out/main/index.js.map', {
      sources: ['../../src/main/index.ts', '../../node_modules/zod/v4/core/util.js', '../../node_modules/@scope/lib/dist/a.js']
    })
    put('out/cli/onair.cjs.map', {
      sources: ['../../node_modules/conf/node_modules/env-paths/index.js', '../../node_modules/zod/v4/core/core.js']
    })
    shipped = shippedPackages(scratch)
  })

  it('are the packages the build’s source maps name, nested and scoped ones included, at their installed versions', () => {
    expect(shipped).toEqual(
      new Map([
        ['node_modules/zod', 'zod@4.6.7'],
        ['node_modules/@scope/lib', '@scope/lib@1.0.0'],
        ['node_modules/conf/node_modules/env-paths', 'env-paths@3.0.0']
      ])
    )
  })

  it('keep the advisories that reach a shipped copy and leave out build tools', () => {
    const advisory = { title: 'Prototype pollution', url: 'https://example.test/GHSA-1', range: '<3.0.1' }
    const report = {
      vulnerabilities: {
        'env-paths': { severity: 'high', nodes: ['node_modules/conf/node_modules/env-paths'], via: [advisory] },
        vite: { severity: 'moderate', nodes: ['node_modules/vite'], via: [advisory] },
        zod: { severity: 'low', nodes: ['node_modules/zod', 'node_modules/other/node_modules/zod'], via: ['env-paths'] }
      }
    }
    expect(shippedFindings(report, shipped)).toEqual([
      'env-paths@3.0.0 (high, env-paths): Prototype pollution https://example.test/GHSA-1',
      'zod@4.6.7 (low, zod): through env-paths'
    ])
    expect(shippedFindings({ vulnerabilities: {} }, shipped)).toEqual([])
  })

  it('fail when npm gave no report instead of passing on nothing', () => {
    expect(() => shippedFindings({ message: '405 Method Not Allowed' }, shipped)).toThrow(
      'npm audit gave no report: 405 Method Not Allowed'
    )
  })
})
