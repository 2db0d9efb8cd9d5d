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

/** How tsc prints diagnostics (file paths relative to the working directory). */
export const FORMAT_HOST: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
  getNewLine: () => ts.sys.newLine,
};

/** One project checked as it is and with the fake task: the tree's own diagnostics, and the errors the fake task brings. */
export interface ProjectCheck {
  diagnostics: readonly ts.Diagnostic[];
  withFakeTask: CompileError[];
}

const errorKey = (e: CompileError) => `${e.file}:${e.line}:${e.message}`;

function toCompileErrors(diagnostics: readonly ts.Diagnostic[]): CompileError[] {
  return diagnostics.flatMap((d) => {
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
 * Type-checks one tsconfig twice in one process: as the files are on disk (`real`, unless false),
 * then with `overlays` (absolute path → text) read in place of the files on disk. The second
 * program reuses the first one's parsed and bound files, so only the type check is done twice.
 */
export function checkProject(tsconfig: string, overlays: ReadonlyMap<string, string>, real = true): ProjectCheck {
  const configPath = path.join(ROOT, tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const host = ts.createCompilerHost(parsed.options, true);
  let active: ReadonlyMap<string, string> = real ? new Map() : overlays;
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => active.get(path.resolve(f)) ?? readFile(f);
  const parsedFiles = new Map<string, ts.SourceFile>();
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, onError, create) => {
    const key = path.resolve(f);
    const text = active.get(key);
    if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
    let file = parsedFiles.get(key);
    if (!file) {
      file = getSourceFile(f, lang, onError, create);
      if (file) parsedFiles.set(key, file);
    }
    return file;
  };
  const options = { rootNames: parsed.fileNames, options: parsed.options, host, configFileParsingDiagnostics: parsed.errors };
  let diagnostics: readonly ts.Diagnostic[] = [];
  let oldProgram: ts.Program | undefined;
  if (real) {
    oldProgram = ts.createProgram(options);
    diagnostics = ts.getPreEmitDiagnostics(oldProgram);
    active = overlays;
  }
  const program = ts.createProgram({ ...options, oldProgram });
  // Only what the fake task brings: an error the tree has anyway is reported as a type error, not as a guarded place.
  const own = new Set(toCompileErrors(diagnostics).map(errorKey));
  return { diagnostics, withFakeTask: toCompileErrors(ts.getPreEmitDiagnostics(program)).filter((e) => !own.has(errorKey(e))) };
}

/** The registry file with the fake task of `variant`, as an overlay for {@link checkProject}. */
export function fakeTaskOverlay(
  variant: FakeTaskVariant,
  read: (file: string) => string | undefined = ts.sys.readFile,
): ReadonlyMap<string, string> {
  const registry = path.join(ROOT, REGISTRY_FILE);
  const source = read(registry);
  if (source === undefined) throw new Error(`cannot read ${REGISTRY_FILE}`);
  return new Map([[registry, withFakeTask(source, variant)]]);
}

/** `errors` of several projects deduplicated (a contracts file is checked by both), sorted by file and line. */
export function mergeErrors(errors: readonly CompileError[]): CompileError[] {
  const seen = new Map<string, CompileError>();
  for (const e of errors) seen.set(errorKey(e), e);
  return [...seen.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * The compile errors of every project of PROJECTS with the fake task added to the registry,
 * deduplicated, sorted by file and line (the tree itself is not checked).
 */
export function compileErrorsWithFakeTask(
  variant: FakeTaskVariant,
  read: (file: string) => string | undefined = ts.sys.readFile,
): CompileError[] {
  const overlays = fakeTaskOverlay(variant, read);
  return mergeErrors(PROJECTS.flatMap((p) => checkProject(p, overlays, false).withFakeTask));
}

/**
 * The places a new task with new kinds must fail to compile in (`new-kinds`), each with why
 * (docs/architecture.md#adding-a-model-task). When a place is added or removed, this list and that
 * section change together.
 */
export const MUST_HANDLE_NEW_KINDS: Readonly<Record<string, string>> = {
  // Where a row keeps its reference (per benchmark task), how a request is built (per input kind), which output field is stored (per output kind).
  'apps/server/src/modules/benchmarks/run.ts': 'benchmark runs',
  'apps/server/src/modules/inference/request.ts': 'the inference proxy: the request of each input kind',
  'apps/server/src/modules/model-health/output-check.ts': "the health job's output check: two switches over the output kind",
  'apps/server/src/modules/models/chain.int.test.ts': 'an integration test with one case per task',
  'apps/server/src/modules/models/models.int.test.ts': 'an integration test with one case per task',
  'apps/server/src/modules/pipeline/service.ts': 'pipelines: what a stage hands on, per output kind',
  'apps/server/src/test/model-descriptors.ts': "the languages of each task's test model",
  'apps/server/src/test/model-server.ts': "the test model server's answers",
  'apps/web/src/features/model-detail/components/TryPanel.tsx': 'the try panel of each panel kind',
  'apps/web/src/features/model-detail/lib/inference-output.ts': "the try output: a reader of each task's answer",
  'packages/contracts/src/models/descriptor.test.ts': 'a descriptor fixture per task',
  'packages/contracts/src/models/descriptor.ts': "the descriptor's inference schema per task",
};

/** The per-task places (what a task of existing kinds must handle): the errors of `new-kinds` that name the task. */
export const MUST_HANDLE_PER_TASK: readonly string[] = [
  'apps/server/src/modules/benchmarks/run.ts',
  'apps/server/src/modules/models/chain.int.test.ts',
  'apps/server/src/modules/models/models.int.test.ts',
  'apps/server/src/test/model-descriptors.ts',
  'apps/server/src/test/model-server.ts',
  'apps/web/src/features/model-detail/lib/inference-output.ts',
  'packages/contracts/src/models/descriptor.test.ts',
  'packages/contracts/src/models/descriptor.ts',
];

/**
 * What is wrong with the errors a `new-kinds` fake task brings, as sentences (empty when the guard
 * holds): a place that no longer fails (it swallows the task, e.g. with a `default:`), one that newly
 * fails, or an exhaustive switch over a new kind that no longer ends in `assertNever`.
 */
export function guardProblems(errors: readonly CompileError[]): string[] {
  const problems: string[] = [];
  const diff = (what: string, got: readonly string[], want: readonly string[]) => {
    for (const f of want) if (!got.includes(f)) problems.push(`${f} does not fail to compile with ${what}: does it swallow the task?`);
    for (const f of got) if (!want.includes(f)) problems.push(`${f} newly fails to compile with ${what}: list it if it must handle tasks`);
  };
  diff(`a task of new kinds`, filesToHandle(errors), Object.keys(MUST_HANDLE_NEW_KINDS).sort());
  diff(`a task of existing kinds`, filesToHandle(errors.filter((e) => e.message.includes(FAKE_TASK))), MUST_HANDLE_PER_TASK);
  const messages = errors.map((e) => `${e.file}: ${e.message}`).join('\n');
  for (const kind of ['fake-input', 'fake-output', 'fake-panel'])
    if (!messages.includes(`Argument of type '"${kind}"' is not assignable to parameter of type 'never'`))
      problems.push(`no switch over the kinds ends in assertNever for '${kind}'`);
  if (
    !messages.includes(
      `apps/server/src/test/model-server.ts: Argument of type '"${FAKE_TASK}"' is not assignable to parameter of type 'never'`,
    )
  )
    problems.push('the test model server no longer ends its switch over tasks in assertNever');
  if (!new RegExp(`apps/server/src/modules/benchmarks/run.ts: Property '"${FAKE_TASK}"' is missing`).test(messages))
    problems.push('benchmark runs no longer look the reference of a row up in a Record over the benchmark tasks');
  return problems;
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
