// A Vite plugin that prints what the /login page downloads (entry, the login chunk, their static imports
// and CSS) as gzip bytes, so the first screen a new user meets stays light. The budget is 250 KB.
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export const LOGIN_BUDGET_KB = 250

interface ChunkLike {
  type: 'chunk' | 'asset'
  fileName: string
  code?: string
  source?: string | Uint8Array
  isEntry?: boolean
  facadeModuleId?: string | null
  imports?: string[]
  viteMetadata?: { importedCss: Set<string> }
}

export function loginWeight(): Plugin {
  return {
    name: 'login-weight',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, ChunkLike>
      const chunks = Object.values(files).filter((f) => f.type === 'chunk')
      const roots = chunks.filter((c) => c.isEntry || c.facadeModuleId?.endsWith('/auth/pages/LoginPage.tsx'))
      const seen = new Set<string>()
      const visit = (name: string) => {
        if (seen.has(name)) return
        seen.add(name)
        const file = files[name]
        for (const css of file?.viteMetadata?.importedCss ?? []) seen.add(css)
        for (const next of file?.imports ?? []) visit(next)
      }
      for (const root of roots) visit(root.fileName)
      let js = 0
      let css = 0
      for (const name of seen) {
        const file = files[name]
        const body = file?.type === 'chunk' ? (file.code ?? '') : (file?.source ?? '')
        const size = gzipSync(typeof body === 'string' ? Buffer.from(body) : body).length
        if (name.endsWith('.css')) css += size
        else js += size
        if (process.env.LOGIN_WEIGHT_DETAIL) console.log(`  ${name} ${(size / 1024).toFixed(1)} KB`)
      }
      const total = (js + css) / 1024
      const line = `/login 加载体积 (gzip): JS ${(js / 1024).toFixed(1)} KB + CSS ${(css / 1024).toFixed(1)} KB = ${total.toFixed(1)} KB（上限 ${LOGIN_BUDGET_KB} KB）`
      console.log(`\n${line}`)
      if (total > LOGIN_BUDGET_KB) this.warn(`超出 /login 体积上限: ${line}`)
    },
  }
}
