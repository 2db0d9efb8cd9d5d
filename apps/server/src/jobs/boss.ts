import PgBossImport from 'pg-boss';

export type PgBoss = PgBossImport;
export const PgBossCtor = PgBossImport;

/**
 * A job still active after this long is taken to have lost its worker (crash, kill) and is retried;
 * the retry resumes where the dead worker stopped (JOB_EXPIRE_SECONDS, default 1 hour).
 */
export const JOB_EXPIRE_SECONDS = Number(process.env.JOB_EXPIRE_SECONDS ?? 3600);

/** Queue names (DESIGN.md §2 Jobs). */
export const QUEUES = {
  datasetIngest: 'dataset-ingest',
  mail: 'mail',
} as const;

/**
 * Starts pg-boss against `url` and creates the platform's queues. pg-boss keeps its own tables in
 * the `pgboss` schema of the same database. Throws if the database is unreachable.
 */
export async function startBoss(url: string, opts: { supervise?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBossImport({
    connectionString: url,
    max: 4,
    supervise: opts.supervise ?? true,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: JOB_EXPIRE_SECONDS });
  }
  return boss;
}
