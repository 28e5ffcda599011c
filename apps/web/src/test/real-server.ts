// For web unit tests that need the real server: a free port (the repository's one freePort), and the server
// process started on it with a fresh SQLite file, resolved once it says it has started.
/// <reference types="node" />
import { type ChildProcess, spawn } from 'node:child_process'
import { join, resolve } from 'node:path'

export { freePort } from '../../../../scripts/free-port.mjs'

// happy-dom replaces URL, so the path is built with node:path.
const REPO_ROOT = resolve(import.meta.dirname, '../../../..')

/** The server on 127.0.0.1:`port` with its database in `dataDir`; kill the process when done. */
export function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: join(dataDir, 'epc.sqlite'),
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        NODE_ENV: 'development',
        SMS_PROVIDER: 'console',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('已启动')) resolve(child)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}
