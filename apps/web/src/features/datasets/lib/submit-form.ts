import { z } from 'zod';
import { DATASET_NAME_MAX, SUBMIT_MESSAGES, datasetNameSchema, datasetUrlSchema } from '@ulca/contracts';

// The limit and the spec's messages are shared with the server route (@ulca/contracts).
export { DATASET_NAME_MAX, SUBMIT_MESSAGES };

/**
 * The Submit Dataset form (docs/product.md#dataset-screens, docs/product.md#validation-rules): the
 * name and URL rules of the server's body (@ulca/contracts), so both refuse the same input with the
 * same message. `benchmark` (BENCHMARK-DATASET-CONTRIBUTOR only) sends it to …/benchmark/submit.
 */
export const submitDatasetFormSchema = z.object({
  datasetName: datasetNameSchema,
  url: datasetUrlSchema,
  benchmark: z.boolean(),
});

/** Form values as typed by the user. */
export type SubmitDatasetFormInput = z.input<typeof submitDatasetFormSchema>;
/** Form values after trimming, ready to send. */
export type SubmitDatasetFormValues = z.output<typeof submitDatasetFormSchema>;

/**
 * Maps a server field name ('datasetName', 'body.url', '/url') to a form field, or null when the
 * error does not belong to a visible field.
 */
export function formFieldOf(serverField: string): 'datasetName' | 'url' | null {
  const last = serverField.split(/[./]/).filter(Boolean).pop() ?? '';
  if (last === 'datasetName' || last === 'name') return 'datasetName';
  if (last === 'url') return 'url';
  return null;
}

/** The catalogue key of each English message of the form and of the server's answer (docs/product.md#messages). */
const MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(SUBMIT_MESSAGES).map(([k, v]) => [v, `datasets.validation.${k}`] as const),
  ['A dataset with this name already exists.', 'datasets.validation.nameTaken'],
]);

/**
 * The catalogue key of a submit message (a zod message of the form or a field error the server
 * sent, both the spec's English texts; docs/product.md#languages-of-the-interface), or undefined for a text the
 * catalogue does not know (shown as sent).
 */
export function submitMessageKey(message: string | undefined): string | undefined {
  return message === undefined ? undefined : MESSAGE_KEYS.get(message);
}
