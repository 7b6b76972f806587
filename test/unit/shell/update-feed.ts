/**
 * A local update server for the updater tests: it serves a generic-provider feed as
 * electron-builder publishes it (`latest-linux.yml` naming an AppImage and a deb, `latest.yml` an
 * NSIS installer) with each file's sha512, and the files themselves. The AppImage is a shell script that exits 0, so installing it
 * (electron-updater runs the new AppImage once) works here; the test reads where it landed.
 */
import { createHash } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FeedOptions {
  /** The version the feed announces. */
  version: string
  /** Serve other bytes than the feed's sha512 names (a tampered or corrupted upload). */
  tampered?: boolean
  /** Never answer the feed file (a server that hangs). */
  silent?: boolean
  /** A shell line the new AppImage runs when started (a probe of what it finds). */
  runs?: string
  /** The files are named at this folder (an absolute URL) instead of beside the feed. */
  filesAt?: string
}

export interface Feed {
  /** The folder URL an app-update.yml names. */
  readonly url: string
  /** Request paths, in order (query strings dropped). */
  readonly requests: string[]
  readonly artifact: Buffer
  /** Changes what the feed says from the next request on. */
  set(options: FeedOptions): void
  close(): Promise<void>
}

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64')

export async function startFeed(initial: FeedOptions): Promise<Feed> {
  let options = initial
  const requests: string[] = []
  const artifact = (version: string) =>
    Buffer.from(`#!/bin/sh\n# Onair ${version}\n${options.runs ? `${options.runs}\n` : ''}exit 0\n`)
  const names = (version: string) => ({
    appImage: `Onair-${version}.AppImage`,
    deb: `onair_${version}_amd64.deb`,
    exe: `Onair-Setup-${version}.exe`
  })
  const send = (res: ServerResponse, body: Buffer | string, type: string) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    requests.push(path)
    const { version } = options
    const file = artifact(version)
    const { appImage, deb, exe } = names(version)
    if (/^\/latest(-linux.*)?\.yml$/.test(path)) {
      if (options.silent) return
      const entry = (name: string) =>
        `  - url: ${(options.filesAt ?? '') + name}\n    sha512: ${sha512(file)}\n    size: ${file.length}\n`
      const files = path === '/latest.yml' ? [exe] : [appImage, deb]
      const yml = `version: ${version}\nfiles:\n${files.map(entry).join('')}path: ${files[0]}\nsha512: ${sha512(file)}\nreleaseDate: '2026-11-24T00:00:00.000Z'\n`
      return send(res, yml, 'text/yaml')
    }
    if ([appImage, deb, exe].some((name) => path === `/${name}`)) {
      return send(
        res,
        options.tampered ? Buffer.concat([file, Buffer.from('# changed\n')]) : file,
        'application/octet-stream'
      )
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    get artifact() {
      return artifact(options.version)
    },
    set: (next) => void (options = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
