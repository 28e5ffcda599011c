// Work done on first use and kept, such as loading an SDK that takes a fraction of a second: loaded when a
// message or a payment needs it, not at every server start (and every test's).

/** The promise of `make`, made on the first call and answered to every later one; made again after a failure. */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    if (!made) {
      made = make()
      made.catch(() => {
        made = undefined
      })
    }
    return made
  }
}
