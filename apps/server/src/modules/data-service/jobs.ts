// Asynchronous parts/by-name batches (up to 5,000 VIN and name pairs): a job is kept in the database and
// worked through by one server process at a time, 50 items a run, each run answered and charged in one
// transaction with the job's progress, so no item is charged twice. A process that stops (a restart, a crash)
// stops beating; after JOB_STALE_MS another process takes the job up where it was left.
import { randomBytes } from 'node:crypto'
import { DataServiceLimits } from '@epc/shared'
import type { OpenCaller } from '../../call'
import type { AppContext } from '../../context'
import * as repo from './data-service.repository'
import type { OpenDataService } from './open.service'

/** Items answered and charged together: the synchronous call's batch. */
const RUN_ITEMS = DataServiceLimits.itemsPerRequest
/** How often a process looks for jobs it did not take itself (another process's, or left by a stop). */
const JOB_POLL_MS = 2_000
/** A running job whose worker has not beaten for this long is taken up again. */
export const JOB_STALE_MS = 60_000
/** Finished jobs are forgotten at most this often. */
const FORGET_EVERY_MS = 10 * 60_000

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())

export interface JobRequest {
  items: { vin: string; names: string[]; model_id?: string }[]
}

/** Ran into a job another worker holds now (this one was too slow and counted as stopped). */
class JobLost extends Error {}

export class JobRunner {
  private readonly worker = randomBytes(8).toString('hex')
  private timer: NodeJS.Timeout | undefined
  private current: Promise<void> | undefined
  private stopping = false
  private forgotAt = 0

  constructor(
    private readonly ctx: AppContext,
    private readonly data: OpenDataService,
    private readonly onError: (error: unknown) => void,
  ) {}

  private get db() {
    return this.ctx.db.kysely
  }

  start() {
    this.timer = setInterval(() => this.kick(), JOB_POLL_MS)
    this.timer.unref()
  }

  /** Finishes the run in hand and stops; the job stays running and another process takes it up later. */
  async stop() {
    this.stopping = true
    clearInterval(this.timer)
    await this.current
  }

  /** Works through the waiting jobs now, unless this process is at it already. */
  kick() {
    if (this.current || this.stopping) return
    this.current = this.drain()
      .catch(this.onError)
      .finally(() => {
        this.current = undefined
      })
  }

  /** Resolves once this process has no job in hand (tests wait on it). */
  async idle() {
    while (this.current) await this.current
  }

  private async drain() {
    const now = this.ctx.clock.now()
    if (now - this.forgotAt >= FORGET_EVERY_MS) {
      this.forgotAt = now
      await repo.deleteJobsFinishedBefore(this.db, now - DataServiceLimits.jobKeptMs)
    }
    while (!this.stopping) {
      const now = this.ctx.clock.now()
      const job = await repo.claimJob(this.db, this.worker, now, now - JOB_STALE_MS)
      if (!job) return
      await this.run(job)
    }
  }

  private async run(job: NonNullable<Awaited<ReturnType<typeof repo.claimJob>>>) {
    const { items } = JSON.parse(job.request) as JobRequest
    const caller: OpenCaller = {
      keyId: Number(job.key_id),
      companyId: Number(job.company_id),
      appKey: job.app_key,
      isTest: Number(job.is_test) === 1,
      type4s: Number(job.type4s),
    }
    let done = Number(job.done_items)
    try {
      while (done < items.length) {
        if (this.stopping) return
        // A key revoked, or a company stopped, since the job was made ends it as a call would be refused.
        const stopped = await repo.jobKeyStopped(this.db, caller.keyId)
        if (stopped) {
          await repo.finishJob(this.db, {
            id: job.id,
            worker: this.worker,
            state: 'failed',
            error: stopped,
            now: this.ctx.clock.now(),
          })
          return
        }
        const first = done
        const run = items.slice(first, first + RUN_ITEMS)
        await this.data.partsByName(caller, run, async (trx, body) => {
          const kept = await repo.recordJobChunk(trx, {
            id: job.id,
            worker: this.worker,
            firstItem: first,
            items: run.length,
            charged: body.items_charged,
            results: JSON.stringify(body.results),
            now: this.ctx.clock.now(),
          })
          if (!kept) throw new JobLost()
        })
        done = first + run.length
      }
      await repo.finishJob(this.db, {
        id: job.id,
        worker: this.worker,
        state: 'done',
        error: null,
        now: this.ctx.clock.now(),
      })
    } catch (error) {
      if (!(error instanceof JobLost)) throw error
    }
  }

  /** Makes a job of a validated request and starts on it in this process. */
  async submit(caller: OpenCaller, request: JobRequest) {
    const id = `job_${randomBytes(12).toString('hex')}`
    await repo.insertJob(this.db, {
      id,
      key_id: caller.keyId,
      company_id: caller.companyId,
      request: JSON.stringify(request),
      pairs: request.items.reduce((n, i) => n + i.names.length, 0),
      created_at: this.ctx.clock.now(),
    })
    this.kick()
    return this.status(caller, id)
  }

  private async find(caller: OpenCaller, jobId: string) {
    return /^job_[0-9a-f]{24}$/.test(jobId) ? repo.companyJob(this.db, caller.companyId, jobId) : undefined
  }

  /** The job as its company sees it; undefined when it is not the company's (or gone). */
  async status(caller: OpenCaller, jobId: string) {
    const job = await this.find(caller, jobId)
    if (!job) return undefined
    return {
      job_id: job.id,
      state: job.state,
      items: (JSON.parse(job.request) as JobRequest).items.length,
      pairs: Number(job.pairs),
      done_items: Number(job.done_items),
      items_charged: Number(job.items_charged),
      created_at: iso(Number(job.created_at)) as string,
      finished_at: iso(job.finished_at === null ? null : Number(job.finished_at)),
      error: job.error,
    }
  }

  /**
   * A finished job's answered runs (JSON arrays of parts/by-name's results, in item order): all of them when
   * done, those answered before it stopped when failed; undefined when not the company's, 'running' before.
   */
  async result(
    caller: OpenCaller,
    jobId: string,
  ): Promise<{ id: string; charged: number; runs: string[] } | 'running' | undefined> {
    const job = await this.find(caller, jobId)
    if (!job) return undefined
    if (job.state === 'queued' || job.state === 'running') return 'running'
    const runs = (await repo.jobChunks(this.db, job.id)).map((c) => c.results)
    return { id: job.id, charged: Number(job.items_charged), runs }
  }
}
