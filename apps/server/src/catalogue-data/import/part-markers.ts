// What a part listing shows beside a part's number and name: stock total, sales ban, number of substitutes
// and the number that replaced it. Kept on the part row, refreshed by every import that can change them (for
// the touched parts only, where part-lists.ts noted them), so an illustration's 50-odd parts are read without
// four correlated look-ups each.

/** The tables whose import changes the markers. */
export const MARKER_SOURCES = ['parts', 'stock', 'substitutes', 'supersessions']

export const REFRESH_PART_MARKERS = `UPDATE cat_parts SET
  stock_total = coalesce((SELECT sum(quantity) FROM cat_stock WHERE cat_stock.part_id = cat_parts.id), 0),
  sales_banned = coalesce((SELECT max(sales_banned) FROM cat_stock WHERE cat_stock.part_id = cat_parts.id), 0),
  substitute_count = (SELECT count(*) FROM cat_substitutes WHERE cat_substitutes.part_id = cat_parts.id),
  replaced_by = (SELECT np.disp_number FROM cat_supersessions s JOIN cat_parts np ON np.id = s.new_part_id
    WHERE s.old_part_id = cat_parts.id LIMIT 1)`

/** The markers of the parts in part_touched (part-lists.ts noteTouchedParts): a part's markers are its own rows'. */
export const REFRESH_TOUCHED_PART_MARKERS = `${REFRESH_PART_MARKERS}
  WHERE id IN (SELECT id FROM part_touched)`
