import { readFileSync } from 'node:fs'
import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import * as tls from 'node:tls'
import type { LocalizedText } from '../../shared/locale'
import { nodeFetchThrough } from '../core/http/node-fetch'
import type { FetchLike } from '../core/http/node-fetch'

/**
 * The command line's way to the services on the user's network: the proxy named in HTTPS_PROXY,
 * HTTP_PROXY and NO_PROXY (either case), through Node's own agents (`proxyEnv`, node
 * docs/api/http.md "Built-in Proxy Support"), and the certificate authorities named in
 * NODE_EXTRA_CA_CERTS also when Node did not load them: the app's binary, run as Node, ignores that
 * variable while the `nodeOptions` fuse is off (Electron docs/api/environment-variables.md).
 * Nothing here is set globally: the image loader's connections stay its own (images/system-net.ts).
 */
export interface CliNetwork {
  fetch: FetchLike
  /** What the user should know about their settings (a file that cannot be read, a Node too old). */
  notes: LocalizedText[]
}

const PROXY_KEYS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'] as const

/** Node versions whose agents take `proxyEnv`: 22.21 on the 22 line, 24.5 on the 24 line, and 25 on. */
export function agentsTakeProxy(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  return major >= 25 || (major === 24 && minor >= 5) || (major === 22 && minor >= 21)
}

export function cliNetwork(env: NodeJS.ProcessEnv, nodeVersion: string = process.versions.node): CliNetwork {
  const notes: LocalizedText[] = []
  const proxyEnv: Record<string, string> = {}
  for (const key of PROXY_KEYS) if (env[key]) proxyEnv[key] = env[key]
  const proxied = Object.keys(proxyEnv).some((k) => !/^no_proxy$/i.test(k))
  if (proxied && !agentsTakeProxy(nodeVersion))
    notes.push({
      en: `A proxy is set (HTTPS_PROXY or HTTP_PROXY), but Node ${nodeVersion} cannot send through one: Onair connects directly. Use Node 22.21, 24.5 or later.`,
      ja: `プロキシ（HTTPS_PROXY または HTTP_PROXY）が設定されていますが、Node ${nodeVersion} はプロキシを使えないため直接接続します。Node 22.21、24.5 以降をお使いください。`
    })
  const ca = extraAuthorities(env.NODE_EXTRA_CA_CERTS, notes)
  const proxy = proxied ? { proxyEnv } : {}
  return {
    fetch: nodeFetchThrough({
      http: new HttpAgent({ keepAlive: true, ...proxy }),
      https: new HttpsAgent({ keepAlive: true, ...proxy, ...(ca ? { ca } : {}) })
    }),
    notes
  }
}

/**
 * The default authorities plus the file's, or undefined when Node already added the file or none
 * is named. A `ca` option replaces Node's authorities (node docs/api/tls.md), so they are listed too.
 */
function extraAuthorities(file: string | undefined, notes: LocalizedText[]): string[] | undefined {
  if (!file) return undefined
  // Node ≥ 22.15 says whether it loaded the file at start; an older one gets it again, harmlessly.
  if (process.env.NODE_EXTRA_CA_CERTS === file && (tls.getCACertificates?.('extra') ?? []).length > 0) return undefined
  let pem: string
  try {
    pem = readFileSync(file, 'utf8')
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? String(e)
    notes.push({
      en: `Cannot read the certificate file in NODE_EXTRA_CA_CERTS (${file}: ${why}); only the usual certificate authorities are trusted.`,
      ja: `NODE_EXTRA_CA_CERTS の証明書ファイルを読めません（${file}: ${why}）。通常の認証局だけを信頼します。`
    })
    return undefined
  }
  const certificates = pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []
  if (certificates.length === 0) {
    notes.push({
      en: `The file in NODE_EXTRA_CA_CERTS (${file}) holds no PEM certificate; only the usual certificate authorities are trusted.`,
      ja: `NODE_EXTRA_CA_CERTS のファイル（${file}）に PEM 形式の証明書がありません。通常の認証局だけを信頼します。`
    })
    return undefined
  }
  return [...(tls.getCACertificates?.('default') ?? tls.rootCertificates), ...certificates]
}
