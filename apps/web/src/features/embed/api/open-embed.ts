// /api/embed/open (public): opens an embedded catalogue's one-time link and answers its session. A link opens
// only once, so the session is kept in this tab's session storage and a reload of the frame takes it from
// there; either way it becomes the session the API client calls with (lib/embed.ts).
import type { EmbedSession } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { setEmbedSession } from '../../../lib/embed'
import { loadEmbedSession, saveEmbedSession } from '../../../lib/storage'
import { embedKeys } from './keys'

export async function openEmbed(link: string): Promise<EmbedSession> {
  let session = loadEmbedSession(link)
  if (!session) {
    session = await api.post<EmbedSession>('/api/embed/open', { Link: link })
    saveEmbedSession(link, session)
  }
  setEmbedSession(session)
  return session
}

export const embedSessionQuery = (link: string) =>
  queryOptions({
    queryKey: embedKeys.session(link),
    queryFn: () => openEmbed(link),
    // Never asked again while the page lives: the server refuses a second opening.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })

export const useEmbedSession = (link: string) => useQuery(embedSessionQuery(link))
