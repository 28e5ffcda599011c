// The name search's statement on PostgreSQL as a function whose plan is made once per connection
// (catalogue.repository.ts modelPartsOfNames). Run as a prepared statement, PostgreSQL planned it again on
// every run: its plans for the values at hand always looked cheaper than the one for any values, and the
// planning cost three quarters of the search's database time (docs/performance.md, 2026-11-28 seventh host).
// Nothing on SQLite, which plans a prepared statement once.
import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return
  // Qualified names only: the result's columns are variables of the function too.
  await sql`
    create or replace function model_parts_of_names(model integer, names integer[])
    returns table (disp_number text, norm_number text, part_name_cn text, generic_name_id integer,
      illustration_id integer, callout integer, quantity integer)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    as $$
    begin
      return query
        select p.disp_number, p.norm_number, p.part_name_cn, p.generic_name_id, f.illustration_id, f.callout,
          f.quantity
        from cat_name_callouts n
        join cat_fitments f
          on f.model_id = n.model_id and f.illustration_id = n.illustration_id and f.callout = n.callout
        join cat_parts p on p.id = f.part_id
        where n.model_id = model and n.generic_name_id = any(names)
          and coalesce(p.generic_name_id, 0) = n.generic_name_id;
    end
    $$`.execute(db)
}
