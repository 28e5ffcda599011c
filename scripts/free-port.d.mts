/** A port nothing listens on now. */
export function freePort(): Promise<number>
