// Serves the built web app, with index.html for every non-API path the router owns (history mode). The
// build leaves a .br and a .gz beside each text file (apps/web/precompress.ts); they are sent as they are.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

// Vite names built assets by content hash, so they never change and a browser need not even ask again;
// index.html (which names them) always may change, so it is asked about each time (answered 304 when not).
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

export async function webApp(app: FastifyInstance, opts: { root: string }) {
  if (!existsSync(join(opts.root, 'index.html'))) {
    app.log.warn(`web app not built at ${opts.root}; serving the API only`)
    return
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Otherwise send's own `public, max-age=0` is written after setHeaders and replaces ours.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE)
      // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must key on it.
      res.setHeader('vary', 'Accept-Encoding')
    },
  })
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) return reply.callNotFound()
    return reply.type('text/html; charset=utf-8').sendFile('index.html')
  })
}
