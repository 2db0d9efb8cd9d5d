/** For the reference engines' tests: input an engine must refuse. */
import { expect } from 'vitest';
import type { InferenceRequest, InferenceTask } from '@ulca/contracts';
import { EngineInputError, type ReferenceEngine } from '../modules/reference-models/engine.ts';

/** The error `engine.infer(request)` fails with; fails the test (naming `label`) unless it is an EngineInputError. */
export async function engineRefusal<T extends InferenceTask>(
  engine: ReferenceEngine<T>,
  request: InferenceRequest<T>,
  label?: string,
): Promise<EngineInputError> {
  const err = await engine.infer(request).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, label).toBeInstanceOf(EngineInputError);
  return err as EngineInputError;
}
