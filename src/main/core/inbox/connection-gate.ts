import type { Socket } from 'node:net'
import type { Clock, TimerHandle } from '../clock'
import { judgeRequestLine } from './request-line'

/**
 * Who may hold the webhook receiver's connections. Anyone on the machine (or a web page in the
 * user's browser) can open sockets to it without knowing the secret, so a connection starts
 * "pending" in a small budget of its own: when that budget is full the oldest pending socket is
 * dropped, so a flood of half-open sockets only ever pushes out its own kind. A socket leaves
 * that budget as soon as its request line names the secret path (handed to the HTTP server,
 * into the "accepted" budget) or does not (answered at once and closed). Every socket must finish
 * its request line and headers within `headerDeadlineMs` of being accepted.
 *
 * A refused socket is answered and half-closed but stays counted as pending until the client
 * hangs up or the deadline passes: closing it outright while the client is still sending would
 * reset the connection, and the client would lose the answer.
 */
export interface GateOptions {
  expectedPath: string
  clock: Clock
  /** Sockets whose request line has not decided yet; the oldest is dropped to make room. */
  pendingBudget: number
  /** Sockets that named the secret path; past this a new one is answered 503. */
  acceptedBudget: number
  /** From accept to the end of the headers. */
  headerDeadlineMs: number
  /** Hands a socket whose request line named the secret to the HTTP server. */
  admit(socket: Socket): void
}

export interface ConnectionGate {
  onConnection(socket: Socket): void
  /** The HTTP server saw complete headers on this socket: its deadline no longer applies. */
  headersDone(socket: Socket): void
  /** Drops every socket (server shutdown). */
  closeAll(): void
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  414: 'URI Too Long',
  503: 'Service Unavailable'
}

/** The same small JSON answer as the HTTP handler's, written straight to the socket. */
export function answer(socket: Socket, status: number): void {
  const body = JSON.stringify({ status })
  if (!socket.writable) return
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nContent-Type: application/json\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`
  )
}

export function createConnectionGate(opts: GateOptions): ConnectionGate {
  // Insertion order is age: the first key is the oldest pending socket.
  const pending = new Map<Socket, TimerHandle>()
  const accepted = new Map<Socket, TimerHandle | undefined>()

  const forget = (socket: Socket) => {
    const timer = pending.get(socket) ?? accepted.get(socket)
    if (timer) opts.clock.clearTimeout(timer)
    pending.delete(socket)
    accepted.delete(socket)
  }

  function decide(socket: Socket, head: Buffer, onData: (chunk: Buffer) => void): void {
    const line = judgeRequestLine(head, opts.expectedPath)
    if (line.verdict === 'wait') return
    // From here on, whatever else the client sends is read and dropped.
    socket.off('data', onData)
    if (line.verdict === 'refuse') return answer(socket, line.status)
    const timer = pending.get(socket)
    pending.delete(socket)
    if (accepted.size >= opts.acceptedBudget) {
      if (timer) opts.clock.clearTimeout(timer)
      answer(socket, 503)
      return void socket.destroySoon()
    }
    accepted.set(socket, timer)
    // The bytes read so far go back in front of the stream for the HTTP parser to read first.
    socket.pause()
    socket.unshift(head)
    opts.admit(socket)
    socket.resume()
  }

  return {
    onConnection(socket) {
      const oldest = pending.size >= opts.pendingBudget ? pending.keys().next().value : undefined
      if (oldest) {
        forget(oldest)
        oldest.destroy()
      }
      const deadline = opts.clock.setTimeout(() => {
        pending.delete(socket)
        accepted.delete(socket)
        answer(socket, 408)
        socket.destroySoon()
      }, opts.headerDeadlineMs)
      pending.set(socket, deadline)
      socket.once('close', () => forget(socket))
      socket.on('error', () => socket.destroy())
      let head = Buffer.alloc(0)
      const onData = (chunk: Buffer) => {
        // Bounded: judgeRequestLine refuses a head past MAX_REQUEST_LINE that has not decided.
        head = Buffer.concat([head, chunk])
        decide(socket, head, onData)
      }
      socket.on('data', onData)
    },
    headersDone(socket) {
      const timer = accepted.get(socket)
      if (timer) opts.clock.clearTimeout(timer)
      if (accepted.has(socket)) accepted.set(socket, undefined)
    },
    closeAll() {
      for (const socket of [...pending.keys(), ...accepted.keys()]) {
        forget(socket)
        socket.destroy()
      }
    }
  }
}
