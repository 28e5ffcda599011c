// The real server as a child process (`node --import tsx apps/server/src/server.ts`), for tests that need
// separate processes or kill one.
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { REPO_ROOT } from '../src/config'

/** Starts the server with these settings on top of the test's environment; resolves once it listens. */
export function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(REPO_ROOT, 'apps/server/src/server.ts')],
      {
        cwd: REPO_ROOT,
        // A development server: the console SMS provider unless the test names another.
        env: {
          ...process.env,
          SMS_PROVIDER: 'console',
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
          HOST: '127.0.0.1',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('已启动')) {
        clearTimeout(timer)
        done(child)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)))
  })
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  )
}
