import { startEmulator } from './index'

/**
 * `npm run emulator -- --port 4010 [--quirks] [--auto-approve] [--soon <seconds>] [--no-rate-limit]`
 * The first stdout line is one JSON object other tools parse (base URL, client, tokens); everything
 * human goes to stderr so stdout stays machine-readable.
 */
function parseArgs(argv: string[]): {
  port: number
  quirks: boolean
  autoApprove: boolean
  soon?: number
  rateLimit?: boolean
} {
  const out: { port: number; quirks: boolean; autoApprove: boolean; soon?: number; rateLimit?: boolean } = {
    port: 4010,
    quirks: false,
    autoApprove: false
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const value = (): number => {
      const n = Number(argv[++i])
      if (!Number.isInteger(n) || n < 0) throw new Error(`${a} needs a non-negative integer`)
      return n
    }
    if (a === '--port') out.port = value()
    else if (a === '--quirks') out.quirks = true
    else if (a === '--auto-approve') out.autoApprove = true
    else if (a === '--soon') out.soon = value()
    else if (a === '--rate-limit') out.rateLimit = true
    else if (a === '--no-rate-limit') out.rateLimit = false
    else throw new Error(`unknown option ${a}`)
  }
  return out
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2))
  const emu = await startEmulator({
    port: args.port,
    quirks: args.quirks,
    autoApprove: args.autoApprove,
    soonSeconds: args.soon,
    rateLimit: args.rateLimit,
    onRequest: (r) =>
      process.stderr.write(
        `${new Date(r.at).toISOString()} ${r.method} ${r.path}${r.query ? `?${r.query}` : ''} -> ${r.status} (${r.bytes} B)\n`
      )
  })
  const { id, secret, redirectUris } = emu.client
  const { readWrite, read, wiki } = emu.tokens
  process.stdout.write(
    `${JSON.stringify({ baseUrl: emu.baseUrl, client: { id, secret, redirectUris }, tokens: { readWrite, read, wiki } })}\n`
  )
  process.stderr.write(
    `emulator listening on ${emu.baseUrl} (${args.quirks ? 'quirks' : 'documented'} mode${args.autoApprove ? ', auto-approve' : ''})\n`
  )
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    emu.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e: unknown) => {
  process.stderr.write(`emulator: ${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(2)
})
