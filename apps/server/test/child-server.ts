// The real server as a child process (`node --import tsx apps/server/src/server.ts`), for tests that need
// separate processes or kill one.
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { freePort } from '../../../scripts/free-port.mjs'
import { REPO_ROOT } from '../src/config'
import { TEST_PASSWORD_HASH_COST } from './helper'

export interface ServerProcess {
  child: ChildProcess
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string
  /** Its exit code once it has exited. */
  exited: Promise<number | null>
}

/** The line server.ts prints once it listens, with the port. */
const STARTED = /已启动: http:\/\/localhost:(\d+)\n/

/**
 * Runs a server process (by default the sources through tsx; `args` may name the built server or the start
 * script) with these settings on top of the test's environment, and resolves once it says it started or it
 * exits, whichever comes first.
 */
export function runServer(
  env: Record<string, string>,
  args = ['--import', 'tsx', resolve(REPO_ROOT, 'apps/server/src/server.ts')],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // A development server: the console SMS provider unless the test names another, and password hashes
    // at the test cost (a production server refuses it and keeps its own).
    env: {
      ...process.env,
      SMS_PROVIDER: 'console',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      HOST: '127.0.0.1',
      ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exitedWith = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const server = { child, output: () => output, exited: exitedWith }
  return new Promise((done, fail) => {
    // Generous: a start under two browser workers on two cores took tens of seconds.
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 90_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (STARTED.test(output)) {
        clearTimeout(timer)
        done(server)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exitedWith.then(() => {
      clearTimeout(timer)
      done(server)
    })
  })
}

/**
 * Starts the server, on a port the system picks unless env names one, and resolves with the process and its
 * address once it listens; fails if it exits first. A port found free beforehand can be taken meanwhile, by
 * any outgoing connection's local port: a test restarting a server forty times met that.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  const server = await runServer({ PORT: '0', ...env })
  const port = STARTED.exec(server.output())?.[1]
  if (server.child.exitCode !== null || server.child.signalCode !== null || !port)
    throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`)
  return { child: server.child, base: `http://127.0.0.1:${port}` }
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  )
}

/** Several server processes on free ports with the same settings (a scaled-out site), and their addresses. */
export async function startServers(env: Record<string, string>, count = 2) {
  const servers: ChildProcess[] = []
  const bases: string[] = []
  for (let i = 0; i < count; i++) {
    // A port of their own: PUBLIC_URL, which payment notifies name, follows it.
    const started = await startServer({ ...env, PORT: String(await freePort()) })
    servers.push(started.child)
    bases.push(started.base)
  }
  return { servers, bases }
}

/** Stops the processes and waits until each has exited. */
export async function stopServers(servers: ChildProcess[]) {
  for (const s of servers) s.kill('SIGTERM')
  await Promise.all(
    servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))),
  )
}
