// What the name search needs to find a model's parts without reading all of them (docs/performance.md,
// 2026-11-25 later): where (illustration and callout) a model has parts of each generic name, and the
// distinct part names with their pinyin and initials. A query matches the few hundred names in memory, then
// reads only the callouts of the names it reached. Rebuilt whole by every import that can change them (7 s
// for the 11 M fitments of the bench catalogue); 0 stands for a part without a generic name.

/** The tables whose import changes the name index. */
export const NAME_INDEX_SOURCES = ['parts', 'fitments']

export const REFRESH_NAME_INDEX = [
  'DELETE FROM cat_name_callouts',
  `INSERT INTO cat_name_callouts (model_id, generic_name_id, illustration_id, callout)
    SELECT DISTINCT f.model_id, coalesce(p.generic_name_id, 0), f.illustration_id, f.callout
    FROM cat_fitments f JOIN cat_parts p ON p.id = f.part_id
    ORDER BY 1, 2, 3, 4`,
  'DELETE FROM cat_part_names',
  `INSERT INTO cat_part_names (generic_name_id, name_cn, pinyin, initials)
    SELECT DISTINCT coalesce(generic_name_id, 0), part_name_cn, name_pinyin, name_initials FROM cat_parts`,
]
