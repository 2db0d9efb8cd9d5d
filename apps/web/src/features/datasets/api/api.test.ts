import { describe, expect, it } from 'vitest';
import { serveJson, signedInModules } from '../../../test/browser-stubs.ts';

// The api client reads the session from browser storage; give it a signed-in user in Node.
const api = signedInModules({ userID: 'u-7', email: 'asha@example.org', firstName: 'Asha', roles: ['CONTRIBUTOR-USER'] }, async () => ({
  ...(await import('./list-contributions.ts')),
  ...(await import('./submission-status.ts')),
  ...(await import('./error-report.ts')),
  ...(await import('./submit-dataset.ts')),
  ...(await import('../../../lib/api-client.ts')),
}));

describe('dataset API calls', () => {
  it('lists every contribution of the user, signed, as the server answers them', async () => {
    const calls = serveJson(200, {
      message: 'ok',
      count: 2,
      totalCount: 2,
      data: [
        {
          submitRefNumber: 'SRN-2',
          serviceRequestNumber: 'SRN-2',
          datasetId: 'd2',
          datasetName: 'Punjabi folk songs',
          datasetType: null,
          submittedOn: '2024-05-02T10:00:00Z',
          status: 'Pending',
          domain: [],
          license: null,
        },
        {
          submitRefNumber: 'SRN-1',
          serviceRequestNumber: 'SRN-1',
          datasetId: 'd1',
          datasetName: 'Gujarati recipes',
          datasetType: 'monolingual-corpus',
          submittedOn: '2024-05-01T10:00:00Z',
          status: 'Completed',
          domain: ['lifestyle'],
          license: 'cc0',
        },
      ],
    });
    const res = await api.fetchContributions('u-7');
    expect(calls[0].url).toBe('/ulca/apis/v0/dataset/listByUserId?userId=u-7');
    expect(calls[0].init.method).toBe('GET');
    expect((calls[0].init.headers as Record<string, string>).key).toBe('pub');
    expect(res.data.map((r) => [r.submitRefNumber, r.status, r.license])).toEqual([
      ['SRN-2', 'Pending', null],
      ['SRN-1', 'Completed', 'cc0'],
    ]);
  });

  it('submits name, url and userId and returns the service request number', async () => {
    const calls = serveJson(200, {
      message: 'Dataset submitted',
      data: { serviceRequestNumber: 'SRN-9', datasetId: 'd9', timestamp: '2024-05-03T00:00:00Z' },
    });
    const res = await api.submitDataset({ datasetName: 'Assamese tales', url: 'https://example.org/as.zip', userId: 'u-7' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      datasetName: 'Assamese tales',
      url: 'https://example.org/as.zip',
      userId: 'u-7',
    });
    expect(res.data.serviceRequestNumber).toBe('SRN-9');
  });

  it('passes the server message, code and field errors of a rejected submit', async () => {
    serveJson(409, { message: 'A dataset with this name already exists.', code: 'DATASET_NAME_TAKEN' });
    await expect(
      api.submitDataset({ datasetName: 'Assamese tales', url: 'https://example.org/as.zip', userId: 'u-7' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'DATASET_NAME_TAKEN',
      message: 'A dataset with this name already exists.',
    });
    serveJson(400, { message: 'Invalid input', code: 'VALIDATION', errors: [{ field: 'url', message: 'Invalid URL' }] });
    const err = await api.submitDataset({ datasetName: 'a', url: 'b', userId: 'u-7' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(api.ApiRequestError);
    expect((err as InstanceType<typeof api.ApiRequestError>).errors).toEqual([{ field: 'url', message: 'Invalid URL' }]);
  });

  it('reads the stages of a submission and reports 404 for an unknown one', async () => {
    serveJson(200, {
      message: 'ok',
      datasetName: 'Telugu call-centre audio',
      datasetType: 'asr-corpus',
      status: 'In-Progress',
      outcome: null,
      data: [
        {
          serviceRequestNumber: 'SRN-5',
          datasetId: 'd5',
          datasetName: 'Telugu call-centre audio',
          datasetType: 'asr-corpus',
          stage: 'download',
          tool: 'download',
          status: 'Completed',
          details: JSON.stringify({
            processedCount: [
              { type: 'success', count: 1 },
              { type: 'failed', count: 0 },
            ],
          }),
          startTime: '2024-05-01T00:00:00Z',
          endTime: '2024-05-01T00:01:00Z',
        },
        {
          serviceRequestNumber: 'SRN-5',
          datasetId: 'd5',
          datasetName: 'Telugu call-centre audio',
          datasetType: 'asr-corpus',
          stage: 'ingest',
          tool: 'ingest',
          status: 'In-Progress',
          details: JSON.stringify({
            processedCount: [
              { type: 'success', count: 12, durationInSeconds: 14.4 },
              { type: 'failed', count: 1, durationInSeconds: 2 },
            ],
          }),
          startTime: '2024-05-01T00:01:00Z',
          endTime: null,
        },
        {
          serviceRequestNumber: 'SRN-5',
          datasetId: 'd5',
          datasetName: 'Telugu call-centre audio',
          datasetType: 'asr-corpus',
          stage: 'validate',
          tool: 'validate',
          status: 'Pending',
          details: 'not json',
          startTime: null,
          endTime: null,
        },
      ],
    });
    const s = await api.fetchSubmissionStatus('SRN-5');
    expect(s.datasetName).toBe('Telugu call-centre audio');
    // details arrive as JSON text (as the server sends them for the original ULCA client); malformed text reads as none.
    expect(s.data[1].details?.processedCount?.[0]).toEqual({ type: 'success', count: 12, durationInSeconds: 14.4 });
    expect(s.data[0].details?.processedCount?.[0]).toEqual({ type: 'success', count: 1 });
    expect(s.data[2].details).toBeNull();

    serveJson(404, { message: 'No submission with this service request number.', code: 'NOT_FOUND' });
    await expect(api.fetchSubmissionStatus('SRN-404')).rejects.toMatchObject({ status: 404 });
  });

  it('reads the error report, or null when there is none', async () => {
    // A bare list of one entry, the original ULCA shape.
    const calls = serveJson(200, [
      {
        serviceRequestNumber: 'SRN-5',
        status: 'Completed',
        file: 'http://h/detail.csv?t=1',
        consolidated_file: null,
        errors: [{ stage: 'validate', code: 'TEXT_WRONG_SCRIPT', message: 'Text is not in the declared script', count: 3 }],
      },
    ]);
    const r = await api.fetchErrorReport('SRN-5');
    expect(calls[0].url).toBe('/ulca/error-consumer/v0/error/report');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ serviceRequestNumber: 'SRN-5' });
    expect(r).toMatchObject({
      file: 'http://h/detail.csv?t=1',
      consolidated_file: null,
      errors: [{ code: 'TEXT_WRONG_SCRIPT', count: 3 }],
    });
    serveJson(200, []);
    expect(await api.fetchErrorReport('SRN-6')).toBeNull();
  });
});
