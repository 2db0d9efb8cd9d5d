import { z } from 'zod';
import { DATASET_NAME_MAX, SUBMIT_MESSAGES } from '@ulca/contracts';

// The limit and the spec's messages are shared with the server route (@ulca/contracts).
export { DATASET_NAME_MAX, SUBMIT_MESSAGES };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// A domain name with at least one dot and an alphabetic top-level label (xn-- for IDN).
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/**
 * True for an http, https or ftp address whose host is a domain name, localhost or an IP address
 * (docs/product.md#validation-rules). Whitespace is rejected earlier with its own message. Whether the server may fetch
 * the host (private addresses etc.) is the server's decision (docs/api.md#conventions).
 */
export function isDatasetUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'ftp:'].includes(url.protocol)) return false;
  // new URL() accepts 'http:example.com'; require the explicit '//' authority form.
  if (!/^[a-z]+:\/\//i.test(value)) return false;
  const host = url.hostname;
  if (host.startsWith('[') && host.endsWith(']')) return true; // IPv6, already validated by URL
  return host === 'localhost' || IPV4.test(host) || DOMAIN.test(host);
}

/** The Submit Dataset form (docs/product.md#dataset-screens, docs/product.md#validation-rules). `benchmark` (BENCHMARK-DATASET-CONTRIBUTOR only) sends it to …/benchmark/submit. */
export const submitDatasetFormSchema = z.object({
  datasetName: z.string().trim().min(1, SUBMIT_MESSAGES.nameEmpty).max(DATASET_NAME_MAX, SUBMIT_MESSAGES.nameTooLong),
  // One message per state, in the order a user fixes them: empty, then spaces, then the format.
  url: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: SUBMIT_MESSAGES.urlEmpty });
      else if (/\s/.test(v)) ctx.addIssue({ code: 'custom', message: SUBMIT_MESSAGES.urlSpace });
      else if (!isDatasetUrl(v)) ctx.addIssue({ code: 'custom', message: SUBMIT_MESSAGES.urlInvalid });
      else if (/^ftp:/i.test(v)) ctx.addIssue({ code: 'custom', message: SUBMIT_MESSAGES.urlFtp });
    }),
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
