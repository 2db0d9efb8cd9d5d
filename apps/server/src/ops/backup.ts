import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import { migrate } from '../db/migrate.ts';
import { startBoss } from '../jobs/boss.ts';
import { secretKey } from '../security/crypto.ts';
import { checkSecretFingerprint, recordSecretFingerprint } from '../security/secret-fingerprint.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/** What a backup folder holds (manifest.json): tables with their row counts, objects, and the migrations applied. */
export interface BackupManifest {
  createdOn: string;
  migrations: string[];
  tables: { name: string; file: string; rows: number }[];
  objects: number;
}

/** The platform's parts a backup reads or a restore writes. */
export interface BackupParts {
  config: Pick<Config, 'dataDir' | 'secret'>;
  db: Db;
  databaseUrl: string;
  store: ObjectStore;
}

/**
 * Every table of the platform (schema public) and of pg-boss (schema pgboss): partitioned parents,
 * never their partitions, and not the staging tables of ingests running now (staged_*: an
 * interrupted ingest starts its attempt over after a restore).
 */
async function listTables(db: Db): Promise<string[]> {
  const r = await db.pool.query(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname NOT LIKE 'staged\\_%'
      ORDER BY n.nspname, c.relname`,
  );
  return (r.rows as { name: string }[]).map((row) => row.name);
}

/**
 * Backs the platform up into the empty folder `dir` (docs/operations.md#running-it-in-production, "Backups"):
 * every table of the database, pg-boss's included, as binary COPY files (one consistent snapshot:
 * one REPEATABLE READ transaction), every object of the store under objects/, and the server
 * secret (secret.key, 64 hex characters, mode 0600). Independent of the pg_dump version at hand.
 * Returns the manifest. Throws SecretMismatchError, before writing anything, when the secret of
 * `parts.config` is not the one the platform's processes run with (security/secret-fingerprint.ts),
 * or on a database or store error.
 */
export async function backupPlatform(parts: BackupParts, dir: string): Promise<BackupManifest> {
  // The backup carries this environment's secret: it must be the platform's, or the backup restores
  // nothing encrypted (a backup run without ULCA_SECRET would otherwise create a new secret.key).
  await checkSecretFingerprint(parts.db.pool, secretKey(parts.config), { store: false });
  await fsp.mkdir(path.join(dir, 'db'), { recursive: true });
  const manifest: BackupManifest = { createdOn: new Date().toISOString(), migrations: [], tables: [], objects: 0 };
  await inTransaction(
    parts.db,
    async ({ client }) => {
      manifest.migrations = (await client.query('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name as string);
      for (const [i, name] of (await listTables(parts.db)).entries()) {
        const file = `${String(i).padStart(3, '0')}-${name.replace(/"/g, '')}.bin`;
        await pipeline(
          client.query(copyTo(`COPY (SELECT * FROM ${name}) TO STDOUT (FORMAT binary)`)),
          fs.createWriteStream(path.join(dir, 'db', file)),
        );
        const rows = Number((await client.query(`SELECT count(*) AS n FROM ${name}`)).rows[0].n);
        manifest.tables.push({ name, file, rows });
      }
    },
    { isolation: 'repeatable read', readOnly: true },
  );
  for await (const o of parts.store.list('')) {
    const file = path.join(dir, 'objects', ...o.key.split('/'));
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await pipeline(await parts.store.get(o.key), fs.createWriteStream(file));
    manifest.objects += 1;
  }
  await fsp.writeFile(path.join(dir, 'secret.key'), secretKey(parts.config).toString('hex') + '\n', { mode: 0o600 });
  await fsp.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function* walk(root: string, rel = ''): AsyncGenerator<string> {
  for (const e of await fsp.readdir(path.join(root, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(root, r);
    else yield r;
  }
}

/**
 * Restores a {@link backupPlatform} folder into the platform of `parts`: migrates its database (to
 * this code's version, pg-boss's schema included), replaces every table's rows with the backup's in
 * one transaction, moves sequences past the restored ids, records the backup secret's fingerprint
 * (security/secret-fingerprint.ts), puts every object back, and writes the secret to
 * `<dataDir>/secret.key` (when ULCA_SECRET is set it must be that secret). Needs the rights of the
 * tables' owner, not a superuser (docs/operations.md#backups-1): the foreign keys are dropped for
 * the load and added back, checked against the end state, and user triggers are off meanwhile.
 * Meant for an empty platform: its own rows are replaced. Throws when the backup was taken by a
 * newer version (migrations this code lacks), when ULCA_SECRET differs, or on any error (nothing
 * of the database is changed then).
 */
export async function restorePlatform(parts: BackupParts, dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  const secretHex = (await fsp.readFile(path.join(dir, 'secret.key'), 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/i.test(secretHex)) throw new Error("the backup's secret.key does not hold 64 hex characters");
  if (parts.config.secret && secretKey(parts.config).toString('hex') !== secretHex) {
    throw new Error("ULCA_SECRET differs from the backup's secret: set ULCA_SECRET to the 64 hex characters of the backup's secret.key");
  }
  await migrate(parts.db.pool);
  const boss = await startBoss(parts.databaseUrl, { supervise: false, max: 2 });
  await boss.stop({ graceful: false, wait: true });
  const applied = new Set((await parts.db.pool.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name as string));
  const unknown = manifest.migrations.filter((m) => !applied.has(m));
  if (unknown.length)
    throw new Error(`the backup comes from a newer version (migrations ${unknown.join(', ')}): restore with that version`);
  // Table names are pasted into TRUNCATE and COPY: only names of this database's own tables are taken
  // from the manifest, and each file name must stay inside the backup folder.
  const known = new Set(await listTables(parts.db));
  for (const t of manifest.tables) {
    if (!known.has(t.name))
      throw new Error(`the backup names a table this database does not have: ${JSON.stringify(t.name).slice(0, 120)}`);
    if (path.basename(t.file) !== t.file)
      throw new Error(`the backup names a file outside its folder: ${JSON.stringify(t.file).slice(0, 120)}`);
  }
  await inTransaction(parts.db, async ({ client }) => {
    // session_replication_role (what pg_restore uses) is a superuser's setting; the owner of the tables
    // may instead drop their foreign keys and switch their triggers off, inside this transaction.
    const fks = (
      await client.query(
        `SELECT c.conrelid::regclass::text AS tbl, format('%I', c.conname) AS name, pg_get_constraintdef(c.oid) AS def
           FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
          WHERE c.contype = 'f' AND c.conparentid = 0 AND n.nspname IN ('public', 'pgboss')`,
      )
    ).rows as { tbl: string; name: string; def: string }[];
    for (const fk of fks) await client.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${fk.name}`);
    const triggered = (
      await client.query(
        `SELECT DISTINCT t.tgrelid::regclass::text AS tbl FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE NOT t.tgisinternal AND t.tgparentid = 0 AND n.nspname IN ('public', 'pgboss')`,
      )
    ).rows.map((r) => r.tbl as string);
    for (const tbl of triggered) await client.query(`ALTER TABLE ${tbl} DISABLE TRIGGER USER`);
    await client.query(`TRUNCATE ${manifest.tables.map((t) => t.name).join(', ')}`);
    for (const t of manifest.tables) {
      await pipeline(
        fs.createReadStream(path.join(dir, 'db', t.file)),
        client.query(copyFrom(`COPY ${t.name} FROM STDIN (FORMAT binary)`)),
      );
    }
    for (const tbl of triggered) await client.query(`ALTER TABLE ${tbl} ENABLE TRIGGER USER`);
    // Added back as they were; each is checked against the restored rows here.
    for (const fk of fks) await client.query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${fk.name} ${fk.def}`);
    // Sequences owned by restored columns continue after the restored ids.
    const seqs = await client.query(
      `SELECT format('%I.%I', sn.nspname, s.relname) AS seq, format('%I.%I', tn.nspname, t.relname) AS tbl, quote_ident(a.attname) AS col
         FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S' JOIN pg_namespace sn ON sn.oid = s.relnamespace
         JOIN pg_class t ON t.oid = d.refobjid JOIN pg_namespace tn ON tn.oid = t.relnamespace
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE d.deptype IN ('a', 'i') AND tn.nspname IN ('public', 'pgboss')`,
    );
    for (const s of seqs.rows as { seq: string; tbl: string; col: string }[]) {
      await client.query(`SELECT setval('${s.seq}', GREATEST((SELECT max(${s.col}) FROM ${s.tbl}), 1))`);
    }
    // The restored secret is the fleet's now, whether or not the backup holds a fingerprint.
    await recordSecretFingerprint(client, Buffer.from(secretHex, 'hex'));
  });
  const objectsDir = path.join(dir, 'objects');
  if (fs.existsSync(objectsDir)) {
    for await (const key of walk(objectsDir)) await parts.store.put(key, fs.createReadStream(path.join(objectsDir, ...key.split('/'))));
  }
  if (!parts.config.secret) {
    await fsp.mkdir(parts.config.dataDir, { recursive: true });
    await fsp.writeFile(path.join(parts.config.dataDir, 'secret.key'), secretHex + '\n', { mode: 0o600 });
  }
  return manifest;
}
