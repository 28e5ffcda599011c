// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so
// the server sends them as they are (@fastify/static preCompressed) and never compresses per request.
// Brotli at its best quality: done once per build, it saves about a fifth over gzip on the wire.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/
// Below this a compressed copy saves less than the request's headers weigh.
const MIN_BYTES = 512

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(path)
    else yield path
  }
}

export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = []
  for await (const path of filesUnder(dir)) {
    if (!TEXT.test(path) || (await stat(path)).size < MIN_BYTES) continue
    jobs.push(
      (async () => {
        const body = await readFile(path)
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipAsync(body, { level: 9 }),
        ])
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
      })(),
    )
  }
  await Promise.all(jobs)
  return jobs.length
}

export function precompress(): Plugin {
  let outDir = 'dist'
  let failed = false
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // outDir may be absolute (vite build --outDir /srv/epc/web): resolve keeps it so, join would not.
      outDir = resolve(config.root, config.build.outDir)
    },
    buildEnd(error) {
      failed = Boolean(error)
    },
    async closeBundle() {
      // Vite closes the bundle after a failed build too; the build's own error is the one to show.
      if (failed) return
      const count = await precompressDir(outDir)
      console.log(`预压缩 ${count} 个文件 (brotli + gzip)`)
    },
  }
}
