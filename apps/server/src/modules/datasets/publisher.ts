import type { Db } from '../../db/pool.ts';
import { publishStaged, type PublishProgress } from './publish.repo.ts';
import { setStage } from './repo.ts';

/**
 * Publishes committed staging segments beside the reading (docs/architecture.md#dataset-stages): PostgreSQL merges
 * records on one core while the worker parses on the other. Segments are published one at a time,
 * in order; the first error stops further publishing and is rethrown by {@link finish}.
 */
export class SegmentPublisher {
  private chain: Promise<unknown> = Promise.resolve();
  private error: unknown = null;

  /**
   * @param sub the submission; `datasetType()` is read when a segment is published (params.json
   *   has been read by then).
   * @param segmentRows rows per publish transaction.
   */
  constructor(
    private readonly db: Db,
    private readonly sub: { srn: string; datasetId: string; datasetType: () => string },
    private readonly segmentRows: number,
    private readonly onChunk?: (p: PublishProgress) => Promise<void> | void,
  ) {}

  /** Queues the publishing of everything committed to staging so far. Never throws. */
  publishCommitted(): void {
    this.chain = this.chain.then(async () => {
      if (this.error) return;
      try {
        await setStage(this.db.pool, this.sub.srn, 'publish', 'In-Progress');
        await publishStaged(
          this.db,
          { srn: this.sub.srn, datasetId: this.sub.datasetId, datasetType: this.sub.datasetType() },
          { chunkRows: this.segmentRows, onChunk: this.onChunk },
        );
      } catch (err) {
        this.error = err;
      }
    });
  }

  /** Waits for queued publishing to end; never throws (see {@link finish}). */
  async settle(): Promise<void> {
    await this.chain;
  }

  /** Waits for queued publishing, then throws the first publishing error, if any. */
  async finish(): Promise<void> {
    await this.chain;
    if (this.error) throw this.error;
  }
}
