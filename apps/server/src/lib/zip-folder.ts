import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * A fixed modification time for every entry, so that zipping the same folder twice gives
 * byte-identical archives (stable sha-256 for download and de-duplication tests).
 */
export const ZIP_ENTRY_MTIME = new Date('2024-01-01T00:00:00Z');

/** Lists the regular files under `dir` as POSIX paths relative to it, sorted; dotfiles are skipped. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Zips every file under `dir` (recursively, dotfiles skipped) into `destZip`, with entry names
 * relative to `dir` (so `dir/params.json` becomes the root entry `params.json`, as the ULCA
 * contribution format expects). Deterministic: sorted entries and a fixed mtime.
 * Creates the parent folder of `destZip`. Throws if `dir` is not a readable folder or holds no file.
 */
export async function zipFolder(dir: string, destZip: string): Promise<void> {
  const stat = await fs.promises.stat(dir).catch(() => null);
  if (!stat?.isDirectory()) throw new Error(`zipFolder: "${dir}" is not a folder`);
  const files = await listFiles(dir);
  if (files.length === 0) throw new Error(`zipFolder: "${dir}" holds no file`);
  await fs.promises.mkdir(path.dirname(destZip), { recursive: true });
  const zip = new yazl.ZipFile();
  for (const rel of files) zip.addFile(path.join(dir, rel), rel, { mtime: ZIP_ENTRY_MTIME });
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(destZip));
}
