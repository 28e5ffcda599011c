// `npm start`: installs, builds the web app, then runs the server, which creates and migrates the
// embedded database under data/ and loads the demo account on its first start.
import { spawn } from 'node:child_process'
import { buildWeb, ensureInstalled, ROOT, say } from './lib.mjs'

await ensureInstalled()
await buildWeb()
say('启动服务')
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  // Development is the default of `npm start`: codes go to the log and GET /api/dev/smscode. The server itself
  // has no default SMS provider, and production mode refuses this one.
  env: process.env.NODE_ENV === 'production' ? process.env : { SMS_PROVIDER: 'console', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.once('exit', (code) => process.exit(code ?? 0))
