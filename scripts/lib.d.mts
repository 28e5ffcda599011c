/** Builds the web app unless the build is newer than every source it comes from. */
export function buildWeb(options?: { force?: boolean }): Promise<void>
