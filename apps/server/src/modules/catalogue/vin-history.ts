// The accounts' VIN history, written in batches: one insert a query made SQLite's commits (and their WAL
// checkpoints) the largest cost of a VIN query. Rows wait at most a moment; reading the history writes
// them first, so an account always sees its own last query. Rows are recorded after the query's answer has
// left (the call's `after`), so a full batch is written at once, while the clients read their answers.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import * as repo from './catalogue.repository'

type VinQueryRow = Parameters<typeof repo.recordVinQueries>[1][number]

const WAIT_MS = 200
const BATCH = 500

export class VinHistory {
  private waiting: VinQueryRow[] = []
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(row: VinQueryRow) {
    this.waiting.push(row)
    if (this.waiting.length >= BATCH) void this.flush().catch(this.onError)
    else this.timer ??= setTimeout(() => void this.flush().catch(this.onError), WAIT_MS)
  }

  /** Writes what waits; resolves once every row recorded so far is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const rows = this.waiting
    this.waiting = []
    // One write at a time, in the order the queries came.
    this.writing = this.writing
      .catch(() => {})
      .then(() => (rows.length ? repo.recordVinQueries(this.db(), rows) : undefined))
    return this.writing
  }
}
