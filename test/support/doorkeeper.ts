import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { OTHER_USER_ID, USER_ID } from '../emulator/index'
import { SEEDED_CLIENT, SEEDED_READ_ONLY_CLIENT, SEEDED_TOKENS } from '../emulator/oauth/store'

/**
 * A real Doorkeeper (test/doorkeeper/app.rb, Debian's ruby-doorkeeper, ruby-rails, ruby-sqlite3
 * and ruby-webrick) seeded with the emulator's applications and tokens, for the contract test.
 */
const APP = fileURLToPath(new URL('../doorkeeper/app.rb', import.meta.url))
const GEMS = ['rails', 'doorkeeper', 'sqlite3', 'webrick']

/** Why the tests cannot run here, or undefined when they can. */
export function doorkeeperMissing(): string | undefined {
  const probe = spawnSync('ruby', ['-e', GEMS.map((g) => `require "${g}"`).join(';')], { encoding: 'utf8' })
  if (probe.error)
    return 'ruby is not installed (Debian: apt-get install ruby ruby-doorkeeper ruby-rails ruby-sqlite3 ruby-webrick)'
  if (probe.status !== 0)
    return `a gem is missing (${probe.stderr.split('\n')[0]}); Debian: apt-get install ruby-doorkeeper ruby-rails ruby-sqlite3 ruby-webrick`
  return undefined
}

/** Skips with the reason, except where CI requires the test (ONAIR_REQUIRE_DOORKEEPER=1): there it fails. */
export function doorkeeperSkipReason(): string | undefined {
  const missing = doorkeeperMissing()
  if (missing && process.env.ONAIR_REQUIRE_DOORKEEPER === '1')
    throw new Error(`Doorkeeper contract test required: ${missing}`)
  return missing
}

export const DOORKEEPER_SEED = {
  clients: [SEEDED_CLIENT, SEEDED_READ_ONLY_CLIENT],
  tokens: [
    { token: SEEDED_TOKENS.readWrite, userId: USER_ID, clientId: null, scopes: ['read', 'write'] },
    { token: SEEDED_TOKENS.read, userId: USER_ID, clientId: null, scopes: ['read'] },
    { token: SEEDED_TOKENS.otherUser, userId: OTHER_USER_ID, clientId: SEEDED_CLIENT.id, scopes: ['read', 'write'] }
  ]
}

export interface Doorkeeper {
  baseUrl: string
  close(): Promise<void>
}

export async function startDoorkeeper(): Promise<Doorkeeper> {
  const child: ChildProcess = spawn('ruby', [APP], {
    env: { ...process.env, ONAIR_DOORKEEPER_SEED: JSON.stringify(DOORKEEPER_SEED) },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const lines = createInterface({ input: child.stdout! })
  const first = await Promise.race([
    once(lines, 'line').then(([l]) => l as string),
    once(child, 'exit').then(() => {
      throw new Error(`test/doorkeeper/app.rb exited before listening:\n${stderr}`)
    })
  ])
  const { port } = JSON.parse(first) as { port: number }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  }
}
