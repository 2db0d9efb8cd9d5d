import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONO_PARAMS, monoRows, useTempDir, writeFolder, writeZip } from '../test/dataset-zips.ts';
import { lastLine, ulca } from '../test/cli.ts';

const tmp = useTempDir();

// Each case starts the real CLI (a few seconds with tsx on a busy machine): run them side by side.
describe.concurrent('ulca validate', { timeout: 120_000 }, () => {
  it('passes a folder whose records are all valid; in-file duplicates are counted, not errors', async () => {
    const folder = await writeFolder(path.join(tmp.path, 'good'), {
      'params.json': MONO_PARAMS,
      'data.json': [...monoRows(3), monoRows(1)[0]],
    });
    const { code, stdout } = await ulca('validate', '--json', folder);
    expect(lastLine(stdout)).toEqual({ status: 'passed', records: 4, success: 3, failed: 0, duplicates: 1, errors: [] });
    expect(code).toBe(0);
  });

  it('reports a partly valid zip with errors grouped by stage and code (exit 2)', async () => {
    const zip = await writeZip(tmp.path, 'partial.zip', {
      'ds/params.json': MONO_PARAMS,
      'ds/data.json': [...monoRows(2), { text: 'x', speaker: 'a' }, { text: 'y', speaker: 'b' }, {}],
    });
    const { code, stdout } = await ulca('validate', '--json', zip);
    const summary = lastLine(stdout) as { errors: { stage: string; code: string; count: number; message: string }[] };
    expect(summary).toMatchObject({ status: 'partial', records: 5, success: 2, failed: 3, duplicates: 0 });
    expect(summary.errors.map((e) => [e.stage, e.code, e.count])).toEqual([
      ['ingest', 'UNKNOWN_FIELD', 2],
      ['ingest', 'MISSING_FIELD', 1],
    ]);
    expect(summary.errors[0].message).toMatch(/speaker/);
    expect(code).toBe(2);
  });

  it('fails a rejected dataset with the rejection as the only error (exit 1)', async () => {
    const zip = await writeZip(tmp.path, 'noparams.zip', { 'data.json': monoRows(2) });
    const { code, stdout } = await ulca('validate', '--json', zip);
    expect(lastLine(stdout)).toEqual({
      status: 'failed',
      records: 0,
      success: 0,
      failed: 0,
      duplicates: 0,
      errors: [{ stage: 'ingest', code: 'PARAMS_MISSING', message: expect.stringMatching(/no params\.json/), count: 1 }],
    });
    expect(code).toBe(1);
  });

  it('fails a dataset without any valid record (exit 1)', async () => {
    const zip = await writeZip(tmp.path, 'allbad.zip', { 'params.json': MONO_PARAMS, 'data.json': [{ text: 'x', speaker: 'a' }] });
    const { code, stdout } = await ulca('validate', '--json', zip);
    expect(lastLine(stdout)).toMatchObject({ status: 'failed', records: 1, success: 0, failed: 1 });
    expect(code).toBe(1);
  });

  it('prints a readable summary without --json', async () => {
    const zip = await writeZip(tmp.path, 'readable.zip', {
      'params.json': MONO_PARAMS,
      'data.json': [...monoRows(1), { text: 'x', speaker: 'a' }],
    });
    const { code, stdout } = await ulca('validate', zip);
    expect(stdout).toContain('Status:  PARTIAL');
    expect(stdout).toContain('Records: 2   valid: 1   failed: 1   duplicates in file: 0');
    expect(stdout).toMatch(/ingest {2}UNKNOWN_FIELD {2}×1 {2}.*speaker/);
    expect(code).toBe(2);
  });

  it('refuses 100,000 nested arrays in data.json as JSON_TOO_DEEP, the report still the last line', async () => {
    const folder = await writeFolder(path.join(tmp.path, 'deep'), {
      'params.json': MONO_PARAMS,
      'data.json': `[${JSON.stringify(monoRows(1)[0])}, ${'['.repeat(100_000)}${']'.repeat(100_000)}]`,
    });
    const { code, stdout, stderr } = await ulca('validate', '--json', folder);
    expect(stderr).not.toMatch(/Maximum call stack/);
    expect(lastLine(stdout)).toEqual({
      status: 'failed',
      records: 1,
      success: 1,
      failed: 0,
      duplicates: 0,
      errors: [{ stage: 'ingest', code: 'JSON_TOO_DEEP', message: expect.stringMatching(/^data\.json nests .* in record 2/), count: 1 }],
    });
    expect(code).toBe(1);
  });

  it('refuses a deep params.json the same way', async () => {
    const folder = await writeFolder(path.join(tmp.path, 'deep-params'), {
      'params.json': `{"datasetType": "monolingual-corpus", "extra": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      'data.json': monoRows(1),
    });
    const { code, stdout } = await ulca('validate', '--json', folder);
    expect(lastLine(stdout)).toMatchObject({
      status: 'failed',
      errors: [{ code: 'JSON_TOO_DEEP', message: expect.stringMatching(/^params\.json/) }],
    });
    expect(code).toBe(1);
  });

  it('explains a wrong command line and a missing path', async () => {
    const usage = await ulca('check', 'x');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run ulca -- validate [--json] <dataset-folder-or-zip>');
    const missing = await ulca('validate', '--json', path.join(tmp.path, 'nowhere'));
    expect(missing.code).toBe(1);
    expect(lastLine(missing.stdout)).toMatchObject({ status: 'failed', errors: [{ code: 'PATH_NOT_FOUND' }] });
  });
});
