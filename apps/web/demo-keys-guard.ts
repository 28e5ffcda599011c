// A Vite plugin that refuses to build a web app signing with the published demo envelope keys, unless the
// build is for development (ALLOW_DEMO_KEYS=1, which `npm start` and `npm test` set outside production).
import type { Plugin } from 'vite'
// By path: Vite's config loader leaves packages to Node, which cannot load the shared package's TypeScript.
import { isDemoKeys } from '../../packages/shared/src/sites'

/** Why the VITE_SITES table (JSON, or unset for the demo keys) must not ship, or null when it may. */
export function demoKeysProblem(rawSites: string | undefined): string | null {
  if (!rawSites) return '未设置 VITE_SITES，前端将使用公开的演示密钥'
  const table = JSON.parse(rawSites) as Record<string, { contentKey?: string; signKey?: string }>
  // sites.ts falls back to the demo keys for a table without a default entry.
  if (!table.default) return 'VITE_SITES 没有 default 项，前端将使用公开的演示密钥'
  const demo = Object.entries(table).find(([, keys]) => isDemoKeys(keys))
  return demo ? `VITE_SITES 的 ${demo[0]} 使用了公开的演示密钥` : null
}

export function demoKeysGuard(rawSites: string | undefined, allowDemoKeys: boolean): Plugin {
  return {
    name: 'demo-keys-guard',
    apply: 'build',
    buildStart() {
      const problem = allowDemoKeys ? null : demoKeysProblem(rawSites)
      if (problem) {
        this.error(
          `${problem}。部署用的构建须在 VITE_SITES 中配置本站自己的密钥（与 SITES_FILE 一致）；` +
            '仅供开发或演示的构建可设置 ALLOW_DEMO_KEYS=1（npm start 在非生产模式下会设置）',
        )
      }
    },
  }
}
