import { describe, expect, it } from 'vitest';
import { i18n, loadTexts } from '../../../lib/i18n/i18n.ts';
import {
  checkDescriptorFile,
  groupFieldErrors,
  multipartDescriptor,
  parseDescriptorText,
  UPLOAD_GUIDANCE,
  UPLOAD_REJECTED_TITLE,
  uploadErrorTitle,
} from './upload.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['models', 'search', 'benchmarks']);

describe('model descriptor file', () => {
  it('accepts only non-empty JSON files up to 1 MB', () => {
    expect(checkDescriptorFile({ name: 'model.json', size: 2000 })).toBeNull();
    expect(checkDescriptorFile({ name: 'model', size: 2000, type: 'application/json' })).toBeNull();
    expect(checkDescriptorFile({ name: 'model.yaml', size: 2000 })).toMatch(/JSON/);
    expect(checkDescriptorFile({ name: 'model.json', size: 0 })).toMatch(/empty/);
    expect(checkDescriptorFile({ name: 'model.json', size: 2 * 1024 * 1024 })).toMatch(/1 MB/);
  });

  it('wants one JSON object', () => {
    expect(parseDescriptorText('{"name":"x"}')).toEqual({ ok: true });
    expect(parseDescriptorText('[1]')).toMatchObject({ ok: false });
    expect(parseDescriptorText('{name:')).toMatchObject({ ok: false });
  });

  it("builds a multipart body with the part 'file' and a safe file name", () => {
    const m = multipartDescriptor('my "model".json', '{"a":1}', 'XYZ');
    expect(m.contentType).toBe('multipart/form-data; boundary=XYZ');
    expect(m.text).toBe(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="my _model_.json"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n--XYZ--\r\n',
    );
  });

  it('groups field errors per path, keeping the order and dropping repeats', () => {
    expect(
      groupFieldErrors([
        { field: 'inferenceEndPoint.callbackUrl', message: 'refused address' },
        { field: 'languages.0.sourceLanguage', message: 'unknown language' },
        { field: 'inferenceEndPoint.callbackUrl', message: 'refused address' },
        { field: '', message: 'not a model descriptor' },
      ]),
    ).toEqual([
      { path: 'inferenceEndPoint.callbackUrl', messages: ['refused address'] },
      { path: 'languages.0.sourceLanguage', messages: ['unknown language'] },
      { path: '(descriptor)', messages: ['not a model descriptor'] },
    ]);
    expect(groupFieldErrors(undefined)).toEqual([]);
  });

  it('titles the error alert without repeating a listed field error', () => {
    const grouped = groupFieldErrors([{ field: 'inferenceEndPoint.callbackUrl', message: 'The endpoint did not answer.' }]);
    expect(uploadErrorTitle('The endpoint did not answer.', grouped)).toBe(UPLOAD_REJECTED_TITLE);
    expect(uploadErrorTitle('The endpoint failed, so the model was not stored: The endpoint did not answer.', grouped)).toBe(
      'The endpoint failed, so the model was not stored.',
    );
    expect(uploadErrorTitle('Invalid model descriptor.', grouped)).toBe('Invalid model descriptor.');
    expect(uploadErrorTitle('Name and version already exist.', [])).toBe('Name and version already exist.');
  });
});

describe('the submit guidance', () => {
  it('asks for no name field the page does not have: the name and version are written in the parameter file', () => {
    const steps = UPLOAD_GUIDANCE.map((k) => i18n.t(`models.upload.${k}`));
    expect(steps).toHaveLength(3);
    expect(steps.join(' ')).not.toMatch(/Provide a meaningful name to your model\./);
    expect(steps[0]).toMatch(/parameter file/);
    expect(steps[0]).toMatch(/"name"/);
  });
});
