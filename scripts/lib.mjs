// Helpers for the start and test scripts, which run before any dependency is installed: Node built-ins only.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export function say(text) {
  console.log(`\n▶ ${text}`)
}

/** Runs a command in the repository, inheriting the terminal; rejects on a non-zero exit. */
export function run(command, args, opts = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...opts })
    child.once('error', fail)
    child.once('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    )
  })
}

const STAMP = join(ROOT, 'node_modules', '.epc-install-stamp')

function manifestsHash() {
  const hash = createHash('sha256')
  for (const file of [
    'package-lock.json',
    'package.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/shared/package.json',
  ]) {
    const path = join(ROOT, file)
    if (existsSync(path)) hash.update(readFileSync(path))
  }
  return hash.digest('hex')
}

/**
 * Installs the versions the lock file pins, once per change of the manifests. `npm install` rather than
 * `npm ci`: ci refuses a lock file that lacks optional packages for other platforms, which registry
 * mirrors do not always carry, while install keeps every pinned version all the same.
 */
export async function ensureInstalled() {
  const wanted = manifestsHash()
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return
  say('安装依赖 (npm install)')
  await run('npm', ['install', '--no-audit', '--no-fund'])
  writeFileSync(STAMP, manifestsHash())
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** The one font the browsers of the tests and the bench see (apps/web/e2e/fonts.conf). */
export const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'
/** The browser tests' Chromium (apps/web/playwright.config.ts says why the headless shell). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

/** Installs the Debian packages whose file is missing, as { file: package } (as root, or through sudo). */
export async function ensureDebianPackages(wanted) {
  const missing = Object.entries(wanted)
    .filter(([file]) => !existsSync(file))
    .map(([, pkg]) => pkg)
  if (!missing.length) return
  say(`安装 ${missing.join('、')} (apt)`)
  const asRoot = process.getuid?.() === 0
  const apt = (args) => (asRoot ? run('apt-get', args) : run('sudo', ['apt-get', ...args]))
  try {
    await apt(['install', '-y', '--no-install-recommends', ...missing])
  } catch {
    await apt(['update'])
    await apt(['install', '-y', '--no-install-recommends', ...missing])
  }
}

/** Builds the web app unless the build is newer than every source it comes from. */
export async function buildWeb({ force = false } = {}) {
  const built = join(ROOT, 'apps/web/dist/index.html')
  const sources = Math.max(
    newestMtime(join(ROOT, 'apps/web')),
    newestMtime(join(ROOT, 'packages/shared/src')),
  )
  if (!force && existsSync(built) && statSync(built).mtimeMs > sources) return
  say('构建前端 (vite build)')
  // A development build may use the demo keys; in production the build refuses them (demo-keys-guard.ts).
  const env = process.env.NODE_ENV === 'production' ? process.env : { ALLOW_DEMO_KEYS: '1', ...process.env }
  await run('npm', ['run', 'build', '-w', 'apps/web'], { env })
}

export const SERVER_BUILD = join(ROOT, 'apps/server/dist/server.js')
/** How production runs the server (docs/operations.md's systemd unit says the same): the bundle, stacks mapped. */
export const PRODUCTION_SERVER_ARGS = ['--enable-source-maps', SERVER_BUILD]

/** Whether the server bundle is missing or older than a source it comes from. */
export function serverBuildStale() {
  const sources = Math.max(
    newestMtime(join(ROOT, 'apps/server/src')),
    newestMtime(join(ROOT, 'packages/shared/src')),
  )
  return !existsSync(SERVER_BUILD) || statSync(SERVER_BUILD).mtimeMs < sources
}

/** Bundles the server (apps/server/dist) unless the bundle is newer than every source it comes from. */
export async function buildServer() {
  if (!serverBuildStale()) return
  say('构建服务端 (esbuild)')
  await run('npm', ['run', 'build', '-w', 'apps/server'])
}
