/** Builds the web app unless the build is newer than every source it comes from. */
export function buildWeb(options?: { force?: boolean }): Promise<void>
/** How production runs the server: the bundle, stacks mapped. */
export const PRODUCTION_SERVER_ARGS: string[]
/** Bundles the server (apps/server/dist) unless the bundle is newer than every source it comes from. */
export function buildServer(): Promise<void>
/** The one font the browsers of the tests and the bench see. */
export const CJK_FONT: string
/** The browser tests' Chromium. */
export const HEADLESS_SHELL: string
/** Installs the Debian packages whose file is missing, as { file: package }. */
export function ensureDebianPackages(wanted: Record<string, string>): Promise<void>
