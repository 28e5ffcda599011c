// `npm start`: installs, builds the web app, then runs the server, which creates and migrates the
// embedded database under data/ and loads the demo account on its first start.
// `NODE_ENV=production npm start` runs what `npm run build` made (apps/server/dist), without tsx.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import {
  buildWeb,
  ensureInstalled,
  PRODUCTION_SERVER_ARGS,
  ROOT,
  SERVER_BUILD,
  say,
  serverBuildStale,
} from './lib.mjs'

const production = process.env.NODE_ENV === 'production'
if (production) {
  // A production machine installs and builds once when it deploys; several processes starting at once
  // must not each rebuild what the others run. The web build may be served by nginx from elsewhere.
  if (!existsSync(SERVER_BUILD)) {
    console.error(
      '\n✖ 未找到构建产物：生产模式请先运行 npm ci && npm run build，再启动（见 docs/operations.md）。',
    )
    process.exit(1)
  }
  if (serverBuildStale()) console.warn('\n!! 服务端源码比构建产物新：是否忘了运行 npm run build？')
} else {
  await ensureInstalled()
  await buildWeb()
}
say(production ? '启动服务（生产模式）' : '启动服务')
const args = production ? PRODUCTION_SERVER_ARGS : ['--import', 'tsx', 'apps/server/src/server.ts']
// Development is the default of `npm start`: codes go to the log and GET /api/dev/smscode, and payments go to
// the local fake platform under /fakepay. The server itself defaults to neither, and production mode
// refuses both.
const env = production ? process.env : { SMS_PROVIDER: 'console', PAYMENT_PLATFORM: 'fake', ...process.env }
const server = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env })
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true
    server.kill(signal)
  })
}
server.once('exit', (code, signal) => {
  if (code !== 0 && !stopping) {
    console.error(
      `\n✖ 服务已退出（${code ?? signal}）。原因见上方的错误信息；生产模式须配置真实短信通道 SMS_PROVIDER、` +
        '站点密钥 SITES_FILE 等，见 docs/operations.md。',
    )
  }
  process.exit(code ?? 1)
})
