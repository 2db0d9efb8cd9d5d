/**
 * `npm run ulca -- score …`: scores a system output with the benchmark metrics (see score.ts;
 * exit 0, or 2 for bad input).
 *
 * `npm run ulca -- validate [--json] <folder-or-zip>`: checks a dataset offline with the same
 * ingest + validate code the platform runs (docs/architecture.md#dataset-stages), before it is submitted.
 * Exit codes: 0 passed (every record valid), 2 partial (some records valid), 1 failed (dataset
 * rejected, or no valid record) and for usage errors. With --json the last line printed is the
 * summary object `{"status","records","success","failed","duplicates","errors":[...]}`, whatever
 * happens: an unexpected fault is reported as a failed summary with code INTERNAL.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import yazl from 'yazl';
import { loadConfig } from '../config.ts';
import { openArchive, type ArchiveLimits } from '../modules/datasets/stages/archive.ts';
import { processArchive } from '../modules/datasets/stages/process.ts';
import { DatasetRejected } from '../modules/datasets/stages/types.ts';
import { SCORE_USAGE, scoreCommand } from './score.ts';

/** One group of errors: every failure with the same stage and code, with the first message. */
export interface ErrorGroup {
  stage: string;
  code: string;
  message: string;
  count: number;
}

/** Outcome of validating one dataset (the --json line). */
export interface ValidationSummary {
  status: 'passed' | 'partial' | 'failed';
  /** Rows seen. */
  records: number;
  /** Valid rows, first occurrence of their hash in the file. */
  success: number;
  /** Invalid rows. */
  failed: number;
  /** Valid rows whose hash was already seen earlier in the file (not errors). */
  duplicates: number;
  errors: ErrorGroup[];
}

const USAGE = 'Usage: npm run ulca -- validate [--json] <dataset-folder-or-zip>';

/** Zips `folder` (files only, symlinks skipped) into a temp file so that folders and zips share one code path. */
async function zipFolder(folder: string): Promise<string> {
  const out = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'ulca-validate-')), 'dataset.zip');
  const zip = new yazl.ZipFile();
  const entries = await fsp.readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    zip.addFile(abs, path.relative(folder, abs).split(path.sep).join('/'));
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const sink = fs.createWriteStream(out);
    zip.outputStream.pipe(sink).on('close', resolve).on('error', reject);
    zip.outputStream.on('error', reject);
  });
  return out;
}

/**
 * Validates the dataset zip at `zipPath`: counts records, valid first occurrences, in-file
 * duplicates and failures, and groups the errors by stage and code. A whole-dataset rejection
 * yields status 'failed' with that rejection as the only error. Other errors are thrown.
 */
export async function validateZip(zipPath: string, limits: ArchiveLimits): Promise<ValidationSummary & { datasetType?: string }> {
  const summary: ValidationSummary & { datasetType?: string } = {
    status: 'failed',
    records: 0,
    success: 0,
    failed: 0,
    duplicates: 0,
    errors: [],
  };
  const groups = new Map<string, ErrorGroup>();
  const seen = new Set<string>();
  let archive;
  try {
    archive = await openArchive(zipPath, limits);
    for await (const event of processArchive(archive, { onParams: (type) => (summary.datasetType = type) })) {
      summary.records++;
      if (event.kind === 'valid') {
        if (seen.has(event.record.hash)) summary.duplicates++;
        else {
          seen.add(event.record.hash);
          summary.success++;
        }
        continue;
      }
      summary.failed++;
      const key = `${event.stage}\0${event.code}`;
      const group = groups.get(key);
      if (group) group.count++;
      else groups.set(key, { stage: event.stage, code: event.code, message: event.message, count: 1 });
    }
  } catch (err) {
    if (!(err instanceof DatasetRejected)) throw err;
    summary.errors = [{ stage: err.stage, code: err.code, message: err.message, count: 1 }];
    summary.status = 'failed';
    return summary;
  } finally {
    await archive?.close();
  }
  summary.errors = [...groups.values()];
  if (summary.records === 0) {
    summary.errors.push({ stage: 'ingest', code: 'DATA_EMPTY', message: 'The data file holds no records.', count: 1 });
    summary.status = 'failed';
  } else if (summary.failed === 0) summary.status = 'passed';
  else summary.status = summary.success > 0 ? 'partial' : 'failed';
  return summary;
}

function printReadable(target: string, s: ValidationSummary & { datasetType?: string }): void {
  const lines = [
    `Dataset: ${target}${s.datasetType ? ` (${s.datasetType})` : ''}`,
    `Status:  ${s.status.toUpperCase()}`,
    `Records: ${s.records}   valid: ${s.success}   failed: ${s.failed}   duplicates in file: ${s.duplicates}`,
  ];
  if (s.errors.length) {
    lines.push('Errors (stage, code, count, first message):');
    for (const e of s.errors) lines.push(`  ${e.stage}  ${e.code}  ×${e.count}  ${e.message}`);
  }
  console.log(lines.join('\n'));
}

const EXIT = { passed: 0, partial: 2, failed: 1 } as const;

/** The --json line of a run that could not validate at all (bad path, configuration, unexpected fault). */
export function failureSummary(code: string, message: string): ValidationSummary {
  return { status: 'failed', records: 0, success: 0, failed: 0, duplicates: 0, errors: [{ stage: 'ingest', code, message, count: 1 }] };
}

/** The one-line text of an unexpected fault (first line of its message; no stack in the report). */
function faultMessage(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return `The validator stopped unexpectedly (${text.split('\n')[0].slice(0, 300)}).`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'score') return scoreCommand(rest);
  const json = rest.includes('--json');
  const targets = rest.filter((a) => a !== '--json');
  if (command !== 'validate' || targets.length !== 1 || targets[0].startsWith('-')) {
    console.error(`${USAGE}\n${SCORE_USAGE}`);
    return 1;
  }
  const target = path.resolve(targets[0]);
  const failWith = (code: string, message: string): number => {
    if (json) console.log(JSON.stringify(failureSummary(code, message)));
    else console.error(`${code}: ${message}`);
    return 1;
  };

  let stat;
  try {
    stat = await fsp.stat(target);
  } catch {
    return failWith('PATH_NOT_FOUND', `${target} does not exist.`);
  }
  let limits: ArchiveLimits;
  try {
    limits = loadConfig();
  } catch (err) {
    return failWith('CONFIG_INVALID', err instanceof Error ? err.message : String(err));
  }

  let zipPath = target;
  try {
    if (stat.isDirectory()) zipPath = await zipFolder(target);
    const summary = await validateZip(zipPath, limits);
    if (json) {
      const { status, records, success, failed, duplicates, errors } = summary;
      console.log(JSON.stringify({ status, records, success, failed, duplicates, errors }));
    } else printReadable(target, summary);
    return EXIT[summary.status];
  } catch (err) {
    return failWith('INTERNAL', faultMessage(err));
  } finally {
    if (zipPath !== target) await fsp.rm(path.dirname(zipPath), { recursive: true, force: true }).catch(() => undefined);
  }
}

// Run only as a program, so that tests and the server can import validateZip.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const argv = process.argv.slice(2);
  // Whatever escapes main (an error thrown outside its promise chain included), the last line
  // with --json is still a report.
  let reported = false;
  const fatal = (err: unknown) => {
    if (reported) return;
    reported = true;
    if (argv.includes('--json')) {
      const message = faultMessage(err);
      console.log(JSON.stringify(argv[0] === 'score' ? { error: message } : failureSummary('INTERNAL', message)));
    } else console.error(`ulca: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  // Nothing left to run but no answer given (a stream that never ended): still a report.
  process.on('beforeExit', () => fatal(new Error('the validation ended without a result')));
  main(argv).then((code) => {
    reported = true;
    process.exitCode = code;
  }, fatal);
}
