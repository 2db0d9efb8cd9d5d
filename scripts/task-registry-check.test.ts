/**
 * The task registry's guard (docs/architecture.md#adding-a-model-task), the parts that are not type
 * checking: the fake task's edit of the registry source, and how the errors it brings are judged.
 * The type check itself runs in `npm test`'s types step (scripts/typecheck.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  FAKE_TASK,
  MUST_HANDLE_NEW_KINDS,
  MUST_HANDLE_PER_TASK,
  guardProblems,
  withFakeTask,
  type CompileError,
} from './task-registry-check.ts';

/** The errors of a tree where the guard holds: one per listed place, plus the messages the guard looks for. */
function holdingErrors(): CompileError[] {
  const never = (kind: string) => `Argument of type '"${kind}"' is not assignable to parameter of type 'never'.`;
  const errors: CompileError[] = Object.keys(MUST_HANDLE_NEW_KINDS).map((file) => ({
    file,
    line: 1,
    message: MUST_HANDLE_PER_TASK.includes(file) ? `Property '"${FAKE_TASK}"' is missing in type` : never('fake-input'),
  }));
  return [
    ...errors,
    { file: 'apps/server/src/modules/inference/request.ts', line: 2, message: never('fake-output') },
    { file: 'apps/web/src/features/model-detail/components/TryPanel.tsx', line: 2, message: never('fake-panel') },
    { file: 'apps/server/src/test/model-server.ts', line: 2, message: never(FAKE_TASK) },
  ];
}

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

  it('holds when exactly the listed places fail, each the way it must', () => {
    expect(guardProblems(holdingErrors())).toEqual([]);
  });

  it('names a place that no longer fails (it swallows the task) and one that newly fails', () => {
    const errors = holdingErrors().filter((e) => e.file !== 'apps/server/src/modules/model-health/output-check.ts');
    errors.push({ file: 'apps/server/src/modules/models/service.ts', line: 9, message: `Property '"${FAKE_TASK}"' is missing in type` });
    expect(guardProblems(errors)).toEqual([
      'apps/server/src/modules/model-health/output-check.ts does not fail to compile with a task of new kinds: does it swallow the task?',
      'apps/server/src/modules/models/service.ts newly fails to compile with a task of new kinds: list it if it must handle tasks',
      'apps/server/src/modules/models/service.ts newly fails to compile with a task of existing kinds: list it if it must handle tasks',
    ]);
  });

  it('names a kind whose switches no longer end in assertNever', () => {
    const errors = holdingErrors().filter((e) => !e.message.includes('fake-panel'));
    expect(guardProblems(errors)).toEqual(["no switch over the kinds ends in assertNever for 'fake-panel'"]);
  });
});
