// Serves the built web app, with index.html for every non-API path the router owns (history mode). The
// build leaves a .br and a .gz beside each text file (apps/web/precompress.ts); they are sent as they are.
// An embedded catalogue's pages (/embed/<link>/…) may be framed by the origins of the link's key only.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isOpenApiUrl } from '../call/open-api'
import { framedBy } from '../call/security-headers'

// Vite names built assets by content hash, so they never change and a browser need not even ask again;
// index.html (which names them) always may change, so it is asked about each time (answered 304 when not).
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

export interface WebAppOptions {
  root: string
  /** The origins that may frame an embedded catalogue's link, or null when it is not a link. */
  framing(link: string): Promise<string[] | null>
}

export async function webApp(app: FastifyInstance, opts: WebAppOptions) {
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
  const page = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').sendFile('index.html')
  app.get('/*', (request, reply) => {
    const url = request.url
    if (url.startsWith('/api/') || url.startsWith('/assets/') || isOpenApiUrl(url))
      return reply.callNotFound()
    return page(reply)
  })
  // A link that is not one keeps the app's own frame-ancestors: a stranger's site cannot frame the app by
  // making up a link.
  const embedded = async (request: FastifyRequest<{ Params: { link: string } }>, reply: FastifyReply) => {
    const origins = await opts.framing(request.params.link)
    if (origins) reply.header('content-security-policy', framedBy(app.pipeline.headers, request, origins))
    return page(reply)
  }
  app.get('/embed/:link', embedded)
  app.get('/embed/:link/*', embedded)
}
