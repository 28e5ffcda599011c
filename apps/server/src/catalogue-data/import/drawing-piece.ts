// An illustration's drawing as the fields of its answer (svg, width, height, callouts), deflated once when
// the catalogue is written: many models share a drawing, and deflating its SVG was most of an illustration
// look-up's work. The call layer splices the stored bytes into each answer (envelope-codec's spliceDeflated).
import { type DeflatedPiece, deflatedPiece } from '../../call'

export interface DrawingColumns {
  svg: string
  width: number
  height: number
  /** JSON of [callout, x, y] triples, as cat_illustrations keeps them. */
  callouts: string
}

export function drawingPiece(d: DrawingColumns): DeflatedPiece {
  const callouts = (JSON.parse(d.callouts) as [number, number, number][]).map(([callout, x, y]) => ({
    callout,
    x,
    y,
  }))
  const fields = JSON.stringify({ svg: d.svg, width: d.width, height: d.height, callouts })
  return deflatedPiece(fields.slice(1, -1))
}
