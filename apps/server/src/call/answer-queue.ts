// Final answers wait for the end of the event loop's turn and then leave together. A turn reads every
// request that has arrived; answering each at once wakes the waiting client (or the proxy) for each, while
// a burst wakes it once and finds it still busy for the rest. Under load this cut a cached look-up's server
// CPU by about a third (docs/performance.md); an answer waits at most for the other requests of its turn.
// What a call does after answering (its `after`, e.g. the VIN history) runs once the turn's answers are out.
import type { ServerResponse } from 'node:http'
import type { FastifyRequest } from 'fastify'
import { requestLog } from './request-log'

interface QueuedAnswer {
  response: ServerResponse
  bytes: Buffer
  /** Every header but the length, as writeHead takes them: the content type and security headers, made once. */
  head: readonly string[]
  request: FastifyRequest
  after?: () => void
}

let queued: QueuedAnswer[] = []

export function queueAnswer(answer: QueuedAnswer) {
  if (queued.length === 0) setImmediate(writeQueuedAnswers)
  queued.push(answer)
}

function writeQueuedAnswers() {
  const answers = queued
  queued = []
  for (const { response, bytes, head, request } of answers) {
    try {
      // The headers Fastify's send and the onSend hook would have written (security-headers.ts).
      response.writeHead(200, [...head, 'content-length', String(bytes.length)])
      response.end(bytes)
    } catch (error) {
      // One broken connection must not keep the other answers of the turn from leaving.
      requestLog(request).warn({ err: error }, 'answer not written')
    }
  }
  for (const { after, request } of answers) {
    try {
      after?.()
    } catch (error) {
      requestLog(request).error({ err: error }, 'after-answer step failed')
    }
  }
}
