import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface TestTcpServer {
  port: number
  close(): Promise<void>
}

/**
 * A bare TCP server on loopback that treats each connection as `onConnection` says: a banner of
 * another protocol, or a scripted SMTP dialogue that says more than it should.
 */
export async function startTcpServer(
  onConnection: (socket: Socket) => void,
): Promise<TestTcpServer> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    onConnection(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * An SMTP dialogue: the greeting, then each command line answered by `reply` (a reply of several
 * lines, joined with CRLF). QUIT is answered and closes the connection.
 */
export function smtpDialogue(greeting: string, reply: (command: string) => string) {
  return (socket: Socket) => {
    socket.write(`${greeting}\r\n`)
    let buffer = ''
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let end
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (/^QUIT/i.test(line)) {
          socket.end('221 Bye\r\n')
          return
        }
        socket.write(`${reply(line)}\r\n`)
      }
    })
  }
}
