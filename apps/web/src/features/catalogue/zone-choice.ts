// Which collision zones are chosen after a click on the car outline or the checklist.
import type { AccidentZone } from '@epc/shared'

/**
 * The selection after clicking a zone. A top zone stands for all of its sub zones (and the structure behind
 * them), so it replaces them; clicking one sub zone of a chosen top zone keeps the others.
 */
export function toggleZone(zones: AccidentZone[], selected: string[], code: string): string[] {
  const set = new Set(selected)
  const top = zones.find((z) => z.code === code)
  const parent = zones.find((z) => z.children.some((c) => c.code === code))
  if (top) {
    const had = set.has(code)
    for (const c of top.children) set.delete(c.code)
    if (had) set.delete(code)
    else set.add(code)
  } else if (parent && set.has(parent.code)) {
    set.delete(parent.code)
    for (const c of parent.children) if (c.code !== code) set.add(c.code)
  } else if (set.has(code)) {
    set.delete(code)
  } else {
    set.add(code)
  }
  // In the catalogue's order, so the same choice always makes the same URL.
  const order = zones.flatMap((z) => [z.code, ...z.children.map((c) => c.code)])
  return order.filter((c) => set.has(c))
}
