// `npm run build` (server half): bundles apps/server/src/server.ts into apps/server/dist/server.js, so a
// production start runs plain JavaScript without tsx. Installed packages stay external (native modules and
// optional SDKs bundle badly; node_modules is there at run time); the workspace's own @epc/shared is
// TypeScript that Node cannot load, so it is bundled in.
import { join } from 'node:path'
import { build } from 'esbuild'
import { ROOT } from './lib.mjs'

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@epc/') ? undefined : { path: args.path, external: true },
    )
  },
}

await build({
  entryPoints: [join(ROOT, 'apps/server/src/server.ts')],
  outfile: join(ROOT, 'apps/server/dist/server.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
})
