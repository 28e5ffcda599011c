// What features use of the call layer: declaring a call, the caller it is made by, and typed errors.
// Modules import from here only; the codec, the caches and the queue stay inside (biome.json keeps it so).
export type { Access, Caller, EmbedScope } from './auth'
export { bearerToken } from './auth'
// A piece of answers kept deflated where it is stored (an illustration's drawing and parts list), spliced by
// splicedAnswer.
export { type DeflatedPiece, deflatedPiece } from './envelope-codec'
export { AppError, fail } from './errors'
export { metrics } from './metrics'
// The open API's calls (plain JSON, signed with a key): declared like envelope calls, checked in open-api.ts.
export { type OpenAnswer, OpenApiError, type OpenCaller, registerOpenCall } from './open-api'
export { quotaKey } from './quota'
export {
  type CallDefinition,
  type CallInput,
  DeflatedValue,
  registerCall,
  splicedAnswer,
} from './serve'
