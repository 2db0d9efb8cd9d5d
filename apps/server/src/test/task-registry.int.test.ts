/**
 * The task registry's guard (docs/architecture.md#adding-a-model-task): a task added to
 * packages/contracts/src/models/tasks.ts fails to compile in exactly the places that must handle
 * it, and nowhere else. Type-checks the whole server, contracts and web app (scripts/
 * task-registry-check.ts, in memory), so it runs in the integration project: it takes about a
 * minute of CPU.
 */
import { describe, expect, it } from 'vitest';
import { FAKE_TASK, compileErrorsWithFakeTask, filesToHandle, withFakeTask } from '../../../../scripts/task-registry-check.ts';

describe('task registry guard', () => {
  it('the overlay adds the fake task and its new kinds to the registry source', () => {
    const source = [
      "export type TaskInputKind = 'text' | 'audio';",
      "export type TaskOutputKind = 'audio';",
      "export type TryPanelKind = 'text';",
      'export const TASK_REGISTRY = {',
      "  'document-layout': { served: false, label: 'Document Layout' },",
      '};',
    ].join('\n');
    const out = withFakeTask(source, 'new-kinds');
    expect(out).toContain("export type TaskInputKind = 'text' | 'audio' | 'fake-input';");
    expect(out).toContain("export type TryPanelKind = 'text' | 'fake-panel';");
    expect(out.indexOf(`'${FAKE_TASK}': {`)).toBeLessThan(out.indexOf("'document-layout'"));
    expect(withFakeTask(source, 'existing-kinds')).toContain("output: 'target-text'");
    expect(() => withFakeTask('export const X = {};', 'new-kinds')).toThrow(/document-layout/);
  });

  it('a new task with new kinds fails to compile in every place that handles tasks, and only there', () => {
    const errors = compileErrorsWithFakeTask('new-kinds');
    expect(filesToHandle(errors)).toEqual([
      // Benchmark runs: where a row keeps its reference (per benchmark task), how a request is built (per input kind), which output field is stored (per output kind).
      'apps/server/src/modules/benchmarks/run.ts',
      // The inference proxy: the request of each input kind.
      'apps/server/src/modules/inference/request.ts',
      // The health job's output check: two switches over the output kind.
      'apps/server/src/modules/model-health/output-check.ts',
      // Integration tests with one case per task.
      'apps/server/src/modules/models/chain.int.test.ts',
      'apps/server/src/modules/models/models.int.test.ts',
      // Pipelines: what a stage hands on, per output kind.
      'apps/server/src/modules/pipeline/service.ts',
      // Test doubles: the languages of each task's test model and the test model server's answers.
      'apps/server/src/test/model-descriptors.ts',
      'apps/server/src/test/model-server.ts',
      // Web: the try panel of each panel kind, the try output of each output kind.
      'apps/web/src/features/model-detail/components/TryPanel.tsx',
      'apps/web/src/features/model-detail/lib/inference-output.ts',
      // Contracts: a descriptor fixture per task, and the descriptor's inference schema per task.
      'packages/contracts/src/models/descriptor.test.ts',
      'packages/contracts/src/models/descriptor.ts',
    ]);
    const messages = errors.map((e) => `${e.file}: ${e.message}`).join('\n');
    for (const kind of ['fake-input', 'fake-output', 'fake-panel'])
      expect(messages).toContain(`Argument of type '"${kind}"' is not assignable to parameter of type 'never'`);
    expect(messages).toContain(
      `apps/server/src/test/model-server.ts: Argument of type '"${FAKE_TASK}"' is not assignable to parameter of type 'never'`,
    );
    expect(messages).toMatch(new RegExp(`apps/server/src/modules/benchmarks/run.ts: Property '"${FAKE_TASK}"' is missing`));
    // The per-task places (what a task of existing kinds must handle: `task-registry-check.ts existing-kinds`) are the errors naming the task.
    expect(filesToHandle(errors.filter((e) => e.message.includes(FAKE_TASK)))).toEqual([
      'apps/server/src/modules/benchmarks/run.ts',
      'apps/server/src/modules/models/chain.int.test.ts',
      'apps/server/src/modules/models/models.int.test.ts',
      'apps/server/src/test/model-descriptors.ts',
      'apps/server/src/test/model-server.ts',
      'packages/contracts/src/models/descriptor.test.ts',
      'packages/contracts/src/models/descriptor.ts',
    ]);
  }, 600_000);
});
