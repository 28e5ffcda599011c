// The list's search text and page live in the URL (?q=&page=), so a reload or a link shows the same list.
import { useSearchParams } from 'react-router'

export function useSheetListUrl() {
  const [params, setParams] = useSearchParams()
  const keyText = params.get('q') ?? ''
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)

  const setPage = (next: number) =>
    setParams((p) => {
      if (next > 1) p.set('page', String(next))
      else p.delete('page')
      return p
    })

  const search = (text: string) =>
    setParams((p) => {
      const q = text.trim()
      if (q) p.set('q', q)
      else p.delete('q')
      p.delete('page')
      return p
    })

  /** The unfiltered first page, where a new sheet shows at the top. */
  const showNewest = () =>
    setParams((p) => {
      p.delete('q')
      p.delete('page')
      return p
    })

  return { keyText, page, setPage, search, showNewest }
}
