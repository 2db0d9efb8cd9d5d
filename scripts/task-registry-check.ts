/**
 * Which places must handle a new model task (docs/architecture.md#adding-a-model-task): type-checks
 * the server, the contracts and the web app with an in-memory copy of the task registry
 * (packages/contracts/src/models/tasks.ts) that adds a fake task, and lists the compile errors by
 * file. Nothing is written to disk.
 *
 * The fake task comes in two variants:
 * - `existing-kinds`: a task whose input, output, languages and try panel are kinds the code
 *   already handles; only the per-task lookups (`Record<InferenceTask, …>`, switches over tasks)
 *   fail;
 * - `new-kinds` (default): the task also brings a new input kind, output kind and try-panel kind,
 *   so every exhaustive switch over those kinds fails too.
 *
 * Usage: `npx tsx scripts/task-registry-check.ts [existing-kinds|new-kinds]`; exits 1 when the
 * overlay compiles cleanly (the registry would not be guarding anything), 0 otherwise.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The registry file, relative to the root. */
export const REGISTRY_FILE = 'packages/contracts/src/models/tasks.ts';
/** The projects checked (the repository's own tsconfigs). */
export const PROJECTS = ['tsconfig.json', 'apps/web/tsconfig.json'] as const;
/** The fake task's name. */
export const FAKE_TASK = 'fake-task';

export type FakeTaskVariant = 'existing-kinds' | 'new-kinds';

/** One compile error: file relative to the root, 1-based line, the message's first line. */
export interface CompileError {
  file: string;
  line: number;
  message: string;
}

/**
 * The registry source with a fake served task added before `'document-layout'` (and, for
 * `new-kinds`, a new member in TaskInputKind, TaskOutputKind and TryPanelKind).
 * @throws Error when the registry no longer has the anchors this edit relies on.
 */
export function withFakeTask(source: string, variant: FakeTaskVariant): string {
  const anchor = "  'document-layout': { served: false";
  if (!source.includes(anchor)) throw new Error(`${REGISTRY_FILE}: no '${anchor.trim()}' entry to insert before`);
  const kinds =
    variant === 'new-kinds'
      ? { input: 'fake-input', output: 'fake-output', tryPanel: 'fake-panel' }
      : { input: 'text', output: 'target-text', tryPanel: 'text' };
  const entry =
    `  '${FAKE_TASK}': {\n` +
    `    served: true, label: 'Fake', input: '${kinds.input}', output: '${kinds.output}', languages: 'single', tryPanel: '${kinds.tryPanel}',\n` +
    `    request: itnRequestSchema, response: itnResponseSchema, modelMetrics: [],\n` +
    `    benchmark: { datasetType: 'monolingual-corpus', metrics: ['accuracy'] },\n` +
    `  },\n`;
  let out = source.replace(anchor, entry + anchor);
  if (variant === 'new-kinds') {
    const unions: [RegExp, string][] = [
      [/export type TaskInputKind = ([^;]+);/, 'fake-input'],
      [/export type TaskOutputKind = ([^;]+);/, 'fake-output'],
      [/export type TryPanelKind = ([^;]+);/, 'fake-panel'],
    ];
    for (const [re, member] of unions) {
      if (!re.test(out)) throw new Error(`${REGISTRY_FILE}: no ${re.source.split(' =')[0]} to extend`);
      out = out.replace(re, (_m, body: string) => `${_m.slice(0, _m.indexOf('=') + 1)} ${body} | '${member}';`);
    }
  }
  return out;
}

/** Type-checks one tsconfig with `overlays` (absolute path → text) read in place of the files on disk. */
function checkProject(tsconfig: string, overlays: ReadonlyMap<string, string>): CompileError[] {
  const configPath = path.join(ROOT, tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const host = ts.createCompilerHost(parsed.options, true);
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => overlays.get(path.resolve(f)) ?? readFile(f);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = overlays.get(path.resolve(f));
    return text === undefined ? getSourceFile(f, lang, onError, create) : ts.createSourceFile(f, text, lang, true);
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  return ts.getPreEmitDiagnostics(program).flatMap((d) => {
    if (!d.file || d.start === undefined) return [];
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return [
      {
        file: path.relative(ROOT, d.file.fileName),
        line: line + 1,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0],
      },
    ];
  });
}

/**
 * The compile errors of every project of PROJECTS with the fake task added to the registry,
 * deduplicated (a contracts file is checked by both projects), sorted by file and line.
 */
export function compileErrorsWithFakeTask(
  variant: FakeTaskVariant,
  read: (file: string) => string | undefined = ts.sys.readFile,
): CompileError[] {
  const registry = path.join(ROOT, REGISTRY_FILE);
  const source = read(registry);
  if (source === undefined) throw new Error(`cannot read ${REGISTRY_FILE}`);
  const overlays = new Map([[registry, withFakeTask(source, variant)]]);
  const seen = new Map<string, CompileError>();
  for (const p of PROJECTS) for (const e of checkProject(p, overlays)) seen.set(`${e.file}:${e.line}:${e.message}`, e);
  return [...seen.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The files that fail to compile (each once, sorted). */
export function filesToHandle(errors: readonly CompileError[]): string[] {
  return [...new Set(errors.map((e) => e.file))].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const variant = (process.argv[2] ?? 'new-kinds') as FakeTaskVariant;
  if (variant !== 'new-kinds' && variant !== 'existing-kinds') {
    console.error('usage: task-registry-check.ts [existing-kinds|new-kinds]');
    process.exit(2);
  }
  const started = performance.now();
  const errors = compileErrorsWithFakeTask(variant);
  console.log(`A task '${FAKE_TASK}' (${variant}) added to ${REGISTRY_FILE} fails to compile in ${filesToHandle(errors).length} files:`);
  for (const file of filesToHandle(errors)) {
    console.log(`\n${file}`);
    for (const e of errors.filter((x) => x.file === file)) console.log(`  ${e.line}: ${e.message}`);
  }
  console.log(`\n(${Math.round(performance.now() - started)} ms)`);
  process.exit(errors.length > 0 ? 0 : 1);
}
