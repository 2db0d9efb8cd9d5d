/**
 * Validates every model descriptor example of the original ULCA against modelDescriptorSchema
 * and prints the tally, then each refusal with its field errors.
 *
 *   npx tsx scripts/check-model-examples.ts [folder]   (default the original ULCA repository (ULCA-IN/ulca) `specs/examples/model`)
 *
 * A development check, not a test: tests never read the reference at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseModelDescriptor } from '../packages/contracts/src/index.ts';

const root = process.argv[2] ?? process.env.ULCA_REFERENCE_EXAMPLES ?? 'ulca-reference/specs/examples/model';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

const files = jsonFiles(root).sort();
const byTask = new Map<string, { ok: number; total: number }>();
const refused: { file: string; errors: string[] }[] = [];
for (const file of files) {
  const r = parseModelDescriptor(readFileSync(file, 'utf8'));
  const folder = relative(root, file).split('/')[0];
  const t = byTask.get(folder) ?? { ok: 0, total: 0 };
  t.total++;
  if (r.success) t.ok++;
  else refused.push({ file: relative(root, file), errors: r.errors.map((e) => `${e.path || '(file)'}: ${e.message}`) });
  byTask.set(folder, t);
}

const accepted = files.length - refused.length;
console.log(`${accepted} accepted of ${files.length} descriptor files under ${root}`);
for (const [folder, t] of [...byTask].sort()) console.log(`  ${folder}: ${t.ok}/${t.total}`);
for (const r of refused) {
  console.log(`REFUSED ${r.file}`);
  for (const e of r.errors.slice(0, 10)) console.log(`  - ${e}`);
  if (r.errors.length > 10) console.log(`  … ${r.errors.length - 10} more`);
}
