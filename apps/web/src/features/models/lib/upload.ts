/** Largest descriptor accepted by the picker (a model descriptor is a few KB; the API's JSON limit is 1 MB). */
export const MAX_DESCRIPTOR_BYTES = 1024 * 1024;

/** Guidance of the submit page (the original client's "How to submit model?" steps; docs/product.md#validation-rules). */
export const UPLOAD_GUIDANCE = [
  'Provide a meaningful name to your model.',
  'Browse the file containing the parameters of the model.',
  'Make sure the file should be in JSON format.',
] as const;

/** The picker's message for a file that is not JSON or too large, or null when it may be sent. */
export function checkDescriptorFile(file: { name: string; size: number; type?: string }): string | null {
  const isJson = /\.json$/i.test(file.name) || file.type === 'application/json';
  if (!isJson) return 'Please choose the model parameter file in JSON format (.json).';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_DESCRIPTOR_BYTES) return 'The file is larger than 1 MB; a model parameter file is a few kilobytes.';
  return null;
}

/**
 * Whether `text` parses as a JSON object, so an obvious mistake is caught before sending. The
 * server checks the descriptor itself and answers field errors.
 */
export function parseDescriptorText(text: string): { ok: true } | { ok: false; message: string } {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      return { ok: false, message: 'The file must hold one JSON object: the model descriptor.' };
    return { ok: true };
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON: ${(e as Error).message}` };
  }
}

/**
 * A multipart/form-data body with the descriptor as the part `file` (docs/architecture.md#calling-models), built as text
 * so the request signature covers exactly the bytes sent. The file name is reduced to safe
 * characters for the part header.
 */
export function multipartDescriptor(
  fileName: string,
  text: string,
  boundary = `----ulca${crypto.randomUUID().replace(/-/g, '')}`,
): { text: string; contentType: string } {
  const safeName = fileName.replace(/[^\w.\- ]/g, '_') || 'model.json';
  const body = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${safeName}"`,
    'Content-Type: application/json',
    '',
    text,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { text: body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One field error of a 400 answer (`errors:[{field, message}]`). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Field errors grouped for display: each descriptor path ('inferenceEndPoint.callbackUrl',
 * 'languages.0.sourceLanguage') with its messages, in the server's order; an empty path reads
 * '(descriptor)'.
 */
export function groupFieldErrors(errors: readonly FieldError[] | undefined): { path: string; messages: string[] }[] {
  const out = new Map<string, string[]>();
  for (const e of errors ?? []) {
    const path = e.field?.trim() || '(descriptor)';
    const list = out.get(path) ?? [];
    if (!list.includes(e.message)) list.push(e.message);
    out.set(path, list);
  }
  return [...out].map(([path, messages]) => ({ path, messages }));
}

/** Title of the upload's error alert when the server's message is already one of the listed field errors. */
export const UPLOAD_REJECTED_TITLE = 'The model was not submitted. The parameter file needs these changes:';

/**
 * The upload error alert's title: the server's message without a field error that the list below
 * repeats ("…, so the model was not stored: <the callbackUrl's error>" keeps its lead sentence);
 * {@link UPLOAD_REJECTED_TITLE} when the message is only that field error.
 */
export function uploadErrorTitle(message: string, grouped: readonly { messages: readonly string[] }[]): string {
  for (const m of grouped.flatMap((g) => g.messages)) {
    if (message === m) return UPLOAD_REJECTED_TITLE;
    if (m && message.endsWith(`: ${m}`)) return `${message.slice(0, -(m.length + 2))}.`;
  }
  return message;
}
