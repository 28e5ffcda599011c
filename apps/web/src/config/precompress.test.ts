// @vitest-environment node
// The web build's precompressing step stays quiet when the build itself failed, so the build's own reason
// (here the demo keys guard's) is what the person building reads, not a missing output folder.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

const WEB = resolve(import.meta.dirname, '../..')

describe('the web build', () => {
  const allowed = process.env.ALLOW_DEMO_KEYS
  afterEach(() => {
    if (allowed === undefined) delete process.env.ALLOW_DEMO_KEYS
    else process.env.ALLOW_DEMO_KEYS = allowed
  })

  it('stopped by the demo keys guard says so, and writes nothing', async () => {
    delete process.env.ALLOW_DEMO_KEYS
    const outDir = join(mkdtempSync(join(tmpdir(), 'epc-web-build-')), 'dist')
    try {
      const failure = await build({
        root: WEB,
        configFile: join(WEB, 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir },
      }).then(
        () => null,
        (error: Error) => error.message,
      )
      expect(failure).toContain('部署用的构建须在 VITE_SITES 中配置本站自己的密钥')
      expect(failure).not.toContain('ENOENT')
    } finally {
      rmSync(resolve(outDir, '..'), { recursive: true, force: true })
    }
  })
})
