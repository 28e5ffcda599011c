// Per-site keys of the envelope. These are the development and demo keys of protocol.md section 1:
// a fresh install's `default` entry; production replaces them through configuration.

export interface SiteKeys {
  /** 64 hex characters: the AES-256 key. */
  contentKey: string
  signKey: string
}

export const DEMO_SITE_KEYS: SiteKeys = {
  contentKey: 'bbcb9ad509e2eb3536948af2e9c31368dd8ca056963d633004ccffc778157b9d',
  signKey: 'epc-demo-sign-key-2023',
}

/** Whether keys share either half with the published demo keys: a site signed so has no protection. */
export function isDemoKeys(keys: Partial<SiteKeys>): boolean {
  return keys.contentKey === DEMO_SITE_KEYS.contentKey || keys.signKey === DEMO_SITE_KEYS.signKey
}

export type SiteTable = Record<string, SiteKeys> & { default: SiteKeys }

/** Picks a host's keys, falling back to the `default` entry; the port is ignored. */
export function keysForHost(sites: SiteTable, host: string | undefined): SiteKeys {
  const name = (host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
  return sites[name] ?? sites.default
}
