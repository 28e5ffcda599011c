// Serves the built web app, with index.html for every non-API path the router owns (history mode).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

export async function webApp(app: FastifyInstance, opts: { root: string }) {
  if (!existsSync(join(opts.root, 'index.html'))) {
    app.log.warn(`web app not built at ${opts.root}; serving the API only`)
    return
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      // Vite names built assets by content hash, so they never change; index.html always may.
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) return reply.callNotFound()
    reply.header('cache-control', 'no-cache')
    return reply.type('text/html; charset=utf-8').sendFile('index.html')
  })
}
