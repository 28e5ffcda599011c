// The security headers of every answer (CSP, nosniff, referrer policy, HSTS over HTTPS), worked out once at
// start by @fastify/helmet: look-up answers leave through the answer queue, past Fastify's hooks.
import fastifyHelmet from '@fastify/helmet'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import type { Config } from '../config'

type HeaderBlock = Record<string, string>

/** The headers of pages and of API answers, over plain HTTP and over HTTPS. */
export interface SecurityHeaders {
  http: HeaderBlock
  https: HeaderBlock
  apiHttp: HeaderBlock
  apiHttps: HeaderBlock
  /** The built app's hashed files (/assets/): scripts and styles, never documents. */
  assetHttp: HeaderBlock
  assetHttps: HeaderBlock
  /** The API's as writeHead takes them, with the content type: the answer queue's block. */
  queueHttp: string[]
  queueHttps: string[]
}

// Not for an API answer (a user's quotations, a token) to be kept by a browser or a shared cache.
const API_CACHE = 'no-store'

// Of helmet's headers, those that act on a JSON answer fetched by the app; the rest (COOP, Origin-Agent-
// Cluster, X-XSS-Protection, X-Download-Options …) concern documents. Every header costs a look-up answer
// about 0.1 µs to validate and write, and all of helmet's set cost cached look-ups a fifth of their rate.
const FOR_API = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
]

// What a script or a style sheet of the app needs: CSP and the other document headers do nothing on them,
// and /login loads some thirty such files, where they came to a tenth of the bytes on the wire.
const FOR_ASSETS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']

function helmetOptions(config: Config, https: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its component styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The parts filter draws its thumbnails as data: SVG; Excel exports are blob: downloads, which are
        // navigations and need no image source.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...config.apiOrigins],
        formAction: ["'self'", ...config.formAction],
        frameAncestors: config.frameAncestors,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Over plain HTTP (development, a LAN install) upgrading would break every request.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // frame-ancestors decides framing in every browser that knows CSP; X-Frame-Options cannot name several
    // origins (the desktop host, an embedded catalogue), so it is left out rather than contradict it.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // Browsers ignore HSTS received over plain HTTP, and sending it there would pin a LAN install to HTTPS.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }
}

// Headers the probe's bare route writes of its own, not helmet's.
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])

/** What @fastify/helmet writes for these options, read once from a throwaway app. */
async function helmetBlock(config: Config, https: boolean): Promise<HeaderBlock> {
  const probe = Fastify()
  await probe.register(fastifyHelmet, helmetOptions(config, https))
  probe.get('/', () => '')
  const res = await probe.inject('/')
  await probe.close()
  const block: HeaderBlock = {}
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMETS.has(name) && typeof value === 'string') block[name] = value
  }
  return block
}

function apiBlock(block: HeaderBlock): HeaderBlock {
  const api: HeaderBlock = { 'cache-control': API_CACHE }
  for (const name of FOR_API) if (block[name]) api[name] = block[name]
  return api
}

function assetBlock(block: HeaderBlock): HeaderBlock {
  const assets: HeaderBlock = {}
  for (const name of FOR_ASSETS) if (block[name]) assets[name] = block[name]
  return assets
}

function queueList(api: HeaderBlock): string[] {
  return ['content-type', 'application/json; charset=utf-8', ...Object.entries(api).flat()]
}

export async function securityHeaders(config: Config): Promise<SecurityHeaders> {
  const http = await helmetBlock(config, false)
  const https = await helmetBlock(config, true)
  const apiHttp = apiBlock(http)
  const apiHttps = apiBlock(https)
  return {
    http,
    https,
    apiHttp,
    apiHttps,
    assetHttp: assetBlock(http),
    assetHttps: assetBlock(https),
    queueHttp: queueList(apiHttp),
    queueHttps: queueList(apiHttps),
  }
}

/** HTTPS as the client sees it: TLS here, or X-Forwarded-Proto from a proxy TRUST_PROXY names. */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https'
}

/**
 * The page's policy with other frame-ancestors: an embedded catalogue's page may be framed by its key's
 * origins only, whatever the rest of the app allows (FRAME_ANCESTORS).
 */
export function framedBy(
  headers: SecurityHeaders,
  request: FastifyRequest,
  origins: readonly string[],
): string {
  const policy = (servedOverHttps(request) ? headers.https : headers.http)['content-security-policy'] ?? ''
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origins.join(' ')}`)
}

/** Sets the headers on an answer Fastify sends (pages, files, errors, calls that change data). */
export function applySecurityHeaders(headers: SecurityHeaders, request: FastifyRequest, reply: FastifyReply) {
  const https = servedOverHttps(request)
  if (request.url.startsWith('/api/')) reply.headers(https ? headers.apiHttps : headers.apiHttp)
  else if (request.url.startsWith('/assets/') && reply.statusCode < 400)
    reply.headers(https ? headers.assetHttps : headers.assetHttp)
  else {
    // A page that set its own policy (framedBy) keeps it.
    const own = reply.getHeader('content-security-policy')
    reply.headers(https ? headers.https : headers.http)
    if (own !== undefined) reply.header('content-security-policy', own)
  }
}
