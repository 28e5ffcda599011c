// Text a user edits that starts from a value held elsewhere (the URL, a parent): when that value changes,
// the edit gives way to it. State adjusted during render, as React's docs advise instead of an effect that
// copies the value in after the screen has already shown the stale text.
import { useState } from 'react'

/** `follow` can keep the edit for some new values (e.g. an empty one). */
export function useDraft<T>(source: T, follow: (next: T) => boolean = () => true) {
  const [draft, setDraft] = useState(source)
  const [seen, setSeen] = useState(source)
  if (!Object.is(seen, source)) {
    setSeen(source)
    if (follow(source)) setDraft(source)
  }
  return [draft, setDraft] as const
}
