// Final answers wait for the end of the event loop's turn and then leave together. A turn reads every
// request that has arrived; answering each at once wakes the waiting client (or the proxy) for each, while
// a burst wakes it once and finds it still busy for the rest. Under load this cut a cached look-up's server
// CPU by about a third (docs/performance.md); an answer waits at most for the other requests of its turn.
// What a call does after answering (its `after`, e.g. the VIN history) runs once the turn's answers are out.
import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'

interface QueuedAnswer {
  response: ServerResponse
  bytes: Buffer
  log: FastifyBaseLogger
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
  for (const { response, bytes, log } of answers) {
    try {
      // The same headers as Fastify's send.
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': bytes.length,
      })
      response.end(bytes)
    } catch (error) {
      // One broken connection must not keep the other answers of the turn from leaving.
      log.warn({ err: error }, 'answer not written')
    }
  }
  for (const { after, log } of answers) {
    try {
      after?.()
    } catch (error) {
      log.error({ err: error }, 'after-answer step failed')
    }
  }
}
