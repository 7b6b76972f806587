import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { tempDir } from './temp-dir'

/**
 * A real HTTP proxy from Debian (tinyproxy) on 127.0.0.1, as a company network has one: plain
 * requests are forwarded, HTTPS goes through `CONNECT host:port`. `requests` holds each request
 * line it received, from its own log (tinyproxy 1.11: `Request (file descriptor N): GET http://…`).
 */
export interface Tinyproxy {
  url: string
  readonly requests: string[]
  close(): Promise<void>
}

/** Why the tests cannot run here, or undefined when they can. */
export function tinyproxyMissing(): string | undefined {
  const probe = spawnSync('tinyproxy', ['-v'], { encoding: 'utf8' })
  return probe.error ? 'tinyproxy is not installed (Debian: apt-get install tinyproxy)' : undefined
}

/** Skips with the reason, except where CI requires the test (ONAIR_REQUIRE_PROXY=1): there it fails. */
export function tinyproxySkipReason(): string | undefined {
  const missing = tinyproxyMissing()
  if (missing && process.env.ONAIR_REQUIRE_PROXY === '1') throw new Error(`Proxy tests required: ${missing}`)
  return missing
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** `login`: the user name and password the proxy asks for (tinyproxy.conf(5) `BasicAuth`). */
export async function startTinyproxy(login?: { user: string; password: string }): Promise<Tinyproxy> {
  const port = await freePort()
  const conf = join(tempDir('onair-proxy-'), 'tinyproxy.conf')
  // No ConnectPort line: CONNECT is allowed to any port (tinyproxy.conf(5)), the emulator's included.
  const auth = login ? `BasicAuth ${login.user} ${login.password}\n` : ''
  writeFileSync(
    conf,
    `Port ${port}\nListen 127.0.0.1\nTimeout 30\nLogLevel Info\nMaxClients 50\nAllow 127.0.0.1\n${auth}`
  )
  // -d: in the foreground, the log on stdout.
  const child: ChildProcess = spawn('tinyproxy', ['-d', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] })
  const requests: string[] = []
  const lines = createInterface({ input: child.stdout! })
  const listening = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      const request = /Request \(file descriptor \d+\): (.*)$/.exec(line)?.[1]
      if (request) requests.push(request)
      if (line.includes('Accepting connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`tinyproxy exited (${code}) before listening`)))
  })
  await listening
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  }
}
