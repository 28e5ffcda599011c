// The logger for a line about one request, naming it by its id. Below info Fastify hands each request the
// server's own logger (app.ts: no pino child per look-up), so the id is bound here, when a line is written.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'

export function requestLog(request: FastifyRequest): FastifyBaseLogger {
  return request.log === request.server.log ? request.log.child({ reqId: request.id }) : request.log
}
