// What features use of the call layer: declaring a call, the caller it is made by, and typed errors.
// Modules import from here only; the codec, the caches and the queue stay inside (biome.json keeps it so).
export type { Access, Caller } from './auth'
export { bearerToken } from './auth'
export { AppError, fail } from './errors'
export { metrics } from './metrics'
export { quotaKey } from './quota'
export { type CallDefinition, type CallInput, registerCall, splicedAnswer } from './serve'
