import { i18n } from '../../../lib/i18n/i18n.ts';

/** Largest descriptor accepted by the picker (a model descriptor is a few KB; the API's JSON limit is 1 MB). */
export const MAX_DESCRIPTOR_BYTES = 1024 * 1024;

/**
 * Catalogue keys (`models.upload.*`) of the submit page's "How to submit model?" steps
 * (docs/product.md#validation-rules). The page has no name field: the model's name and version come
 * from the parameter file, so the first step says where to write them, not
 * "Provide a meaningful name".
 */
export const UPLOAD_GUIDANCE = ['guideName', 'guideBrowse', 'guideJson'] as const;

/** The picker's message (interface language) for a file that is not JSON or too large, or null when it may be sent. */
export function checkDescriptorFile(file: { name: string; size: number; type?: string }): string | null {
  const isJson = /\.json$/i.test(file.name) || file.type === 'application/json';
  if (!isJson) return i18n.t('models.upload.notJson');
  if (file.size === 0) return i18n.t('models.upload.emptyFile');
  if (file.size > MAX_DESCRIPTOR_BYTES) return i18n.t('models.upload.tooLarge');
  return null;
}

/**
 * Whether `text` parses as a JSON object, so an obvious mistake is caught before sending. The
 * server checks the descriptor itself and answers field errors.
 */
export function parseDescriptorText(text: string): { ok: true } | { ok: false; message: string } {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, message: i18n.t('models.upload.oneObject') };
    return { ok: true };
  } catch (e) {
    return { ok: false, message: i18n.t('models.upload.invalidJson', { error: (e as Error).message }) };
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

/** Title of the upload's error alert when the server's message is already one of the listed field errors (English; shown through `models.upload.rejectedTitle`). */
export const UPLOAD_REJECTED_TITLE = 'The model was not submitted. The parameter file needs these changes:';

/**
 * The upload error alert's title: the server's message without a field error that the list below
 * repeats ("…, so the model was not stored: <the callbackUrl's error>" keeps its lead sentence);
 * {@link UPLOAD_REJECTED_TITLE} when the message is only that field error.
 */
export function uploadErrorTitle(message: string, grouped: readonly { messages: readonly string[] }[]): string {
  for (const m of grouped.flatMap((g) => g.messages)) {
    if (message === m) return i18n.t('models.upload.rejectedTitle');
    if (m && message.endsWith(`: ${m}`)) return `${message.slice(0, -(m.length + 2))}.`;
  }
  return message;
}
