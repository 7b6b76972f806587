import type { Server as HttpServer } from 'node:http'
import type { AddressInfo, Server, Socket } from 'node:net'

/**
 * What the local listeners (calendar feed, webhook receiver) share: they bind 127.0.0.1 only, and
 * a request Node's parser refuses is answered and dropped here, never left to crash the process.
 */

export interface LoopbackPort {
  readonly port: number
  close(): Promise<void>
}

export interface LoopbackListener extends LoopbackPort {
  /** The full address, secret path included. */
  readonly url: string
}

/**
 * Listens on 127.0.0.1 (0 picks a free port); a bind failure rejects. `close` stops listening and
 * drops the connections still open (`dropConnections`), so it never waits on a client that holds
 * its socket.
 */
export async function listenOnLoopback(
  server: Server,
  port: number,
  dropConnections: () => void
): Promise<LoopbackPort> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        dropConnections()
      })
  }
}

/** `listenOnLoopback` for a server whose one `path` never changes: its address comes with it. */
export async function listenForPath(
  server: Server,
  port: number,
  path: string,
  dropConnections: () => void
): Promise<LoopbackListener> {
  const bound = await listenOnLoopback(server, port, dropConnections)
  return { ...bound, url: `http://127.0.0.1:${bound.port}${path}` }
}

/** A malformed request line, oversized headers or a stalled upload: a short answer, then close. */
export function refuseMalformedRequests(http: HttpServer): void {
  http.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    socket.destroy()
  })
}
