// The embedded catalogue (issue 21 point 5): the app loaded at /embed/<link>/… inside a business customer's
// iframe, for one VIN. Which it is, is read once from the first address: the embedded app only ever
// navigates under its own prefix. Its session (the opened link's token) and what ended it live here, for
// the API client and the embed layout.
import type { EmbedSession } from '@epc/shared'
import { create } from 'zustand'

const EMBED_PATH = /^\/embed\/([A-Za-z0-9_-]+)(?:\/|$)/

/** The link token of an address at /embed/<link> or below it; null for any other address. */
export function embedLinkOf(pathname: string): string | null {
  return EMBED_PATH.exec(pathname)?.[1] ?? null
}

/** The link this page was loaded for; null in the normal app. */
export const embedLink: string | null = embedLinkOf(globalThis.location?.pathname ?? '')

export const embedded = embedLink !== null

/** Where the app's screens sit: '/embed/<link>' embedded, '' in the normal app. */
export const embedBase = embedLink ? `/embed/${embedLink}` : ''

interface EmbedState {
  /** The opened session; its Token authorises every call of the embedded app. */
  session: EmbedSession | null
  /** The server's word when the catalogue can go no further (session over, no items left). */
  ended: string | null
}

export const useEmbed = create<EmbedState>(() => ({ session: null, ended: null }))

export function setEmbedSession(session: EmbedSession) {
  useEmbed.setState({ session })
}

export function endEmbed(message: string) {
  useEmbed.setState({ ended: message })
}
