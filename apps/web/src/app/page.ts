// Lazy page loading for the route table: every page is its own chunk, and a chunk that does not arrive
// within 120 seconds fails into the route's error screen (with a retry) instead of a white screen.
import type { ComponentType } from 'react'

export const CHUNK_TIMEOUT_MS = 120_000

export class ChunkTimeoutError extends Error {
  constructor() {
    super('页面加载超时')
    this.name = 'ChunkTimeoutError'
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** `lazy` for a route whose module default-exports its page. */
export function page(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await withTimeout(importer(), CHUNK_TIMEOUT_MS)
    return { Component: module.default }
  }
}
