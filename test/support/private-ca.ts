import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './temp-dir'

/**
 * A certificate authority of the test's own, as an organisation runs one, made by openssl, and a
 * server certificate it signed for 127.0.0.1 and localhost. Nothing on the machine trusts it.
 */
export interface PrivateCa {
  /** The authority's certificate (PEM) and the file holding it, for NODE_EXTRA_CA_CERTS. */
  caPem: string
  caFile: string
  /** The server's certificate and key, for `https.createServer`. */
  cert: string
  key: string
}

export function makePrivateCa(): PrivateCa {
  const dir = tempDir('onair-ca-')
  const at = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Onair Test Private CA',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign'
  )
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr')
  )
  writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n')
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
    '-out',
    at('server.pem')
  )
  return {
    caPem: readFileSync(at('ca.pem'), 'utf8'),
    caFile: at('ca.pem'),
    cert: readFileSync(at('server.pem'), 'utf8'),
    key: readFileSync(at('server.key'), 'utf8')
  }
}
