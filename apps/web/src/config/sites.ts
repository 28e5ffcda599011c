// Picks the API base address and envelope keys for the host the page was loaded from (protocol.md section 1).
// Keys are configuration: a build replaces the demo table through VITE_SITES, business code only calls currentSite().
import { DEMO_SITE_KEYS, keysForHost, type SiteKeys } from '@epc/shared'

export interface Site {
  /** '' means the page's own origin. */
  apiBase: string
  keys: SiteKeys
}

type SiteEntry = SiteKeys & { apiBase?: string }
type SiteConfig = Record<string, SiteEntry> & { default: SiteEntry }

const BUILT_IN: SiteConfig = { default: { apiBase: '', ...DEMO_SITE_KEYS } }

function readTable(raw: string | undefined): SiteConfig {
  if (!raw) return BUILT_IN
  // A broken table is a build mistake: fail loudly rather than sign every call with the wrong keys.
  const table = JSON.parse(raw) as Partial<SiteConfig>
  const merged = { ...table, default: table.default ?? BUILT_IN.default } as SiteConfig
  for (const [host, entry] of Object.entries(merged)) {
    if (!/^[0-9a-f]{64}$/.test(entry.contentKey) || !entry.signKey) {
      throw new Error(`VITE_SITES: ${host} needs a 64-hex contentKey and a signKey`)
    }
  }
  return merged
}

const table = readTable(import.meta.env.VITE_SITES)

export function currentSite(): Site {
  // keysForHost answers the table's own entry object, so it carries apiBase too; reusing it keeps the
  // host matching identical to the server's.
  const entry = keysForHost(table, window.location.hostname) as SiteEntry
  return {
    apiBase: (entry.apiBase ?? '').replace(/\/+$/, ''),
    keys: { contentKey: entry.contentKey, signKey: entry.signKey },
  }
}

/**
 * The absolute address of a page or call the server answers itself (serverPaths): at the API's base when the
 * build names one, otherwise on the page's own origin.
 */
export function serverUrl(path: string): string {
  return (currentSite().apiBase || window.location.origin) + path
}
