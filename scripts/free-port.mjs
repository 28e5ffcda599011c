// A port nothing listens on now, for a server a test or the bench starts. Plain JavaScript with Node
// built-ins only: the test script imports it before anything is installed.
import { createServer } from 'node:net'

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })
}
