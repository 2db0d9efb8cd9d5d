/**
 * Test helper: registers a model the way a contributor does, through the real routes
 * (point 2): POST model/upload (multipart, signed; the platform calls the endpoint once with the
 * example request) and, unless asked not to, POST model/status/change to publish it.
 */
import { MODEL_API } from '@ulca/contracts';
import type { TestPlatform } from './harness.ts';
import { signedInject, type TestUser } from './users.ts';
import { signedHeaders } from '../security/signing.ts';

/** A text model's descriptor (translation by default) whose endpoint is `callbackUrl`. */
export interface UploadSpec {
  name: string;
  callbackUrl: string;
  task?: string;
  languages: { sourceLanguage: string; targetLanguage?: string }[];
  /** The descriptor's example request. */
  request: Record<string, unknown>;
  /** The schema's modelProcessingType (streaming models); none by default. */
  modelProcessingType?: 'batch' | 'streaming';
  /** Publish after the upload (default true). */
  publish?: boolean;
}

/** Uploads (and publishes) the model as `user`; returns its modelId. Throws with the answer when a step fails. */
export async function uploadTestModel(p: TestPlatform, user: TestUser, spec: UploadSpec): Promise<string> {
  const task = spec.task ?? 'translation';
  const descriptor = {
    name: spec.name,
    version: 'v1.0',
    description: `A ${task} model served by the test model server.`,
    task: { type: task },
    languages: spec.languages,
    license: 'mit',
    domain: ['general'],
    submitter: { name: 'Test Lab' },
    trainingDataset: { description: 'none' },
    inferenceEndPoint: {
      callbackUrl: spec.callbackUrl,
      schema: {
        taskType: task,
        request: spec.request,
        ...(spec.modelProcessingType ? { modelProcessingType: { type: spec.modelProcessingType } } : {}),
      },
    },
  };
  const fd = new FormData();
  fd.append('file', new Blob([JSON.stringify(descriptor)], { type: 'application/json' }), 'model.json');
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const body = Buffer.from(await req.arrayBuffer());
  const res = await p.app.inject({
    method: 'POST',
    url: MODEL_API.upload,
    headers: { ...signedHeaders(user, { method: 'POST', url: MODEL_API.upload, body }), 'content-type': req.headers.get('content-type')! },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const modelId = res.json().data.modelId as string;
  if (spec.publish !== false) {
    const pub = await signedInject(p.app, user, 'POST', MODEL_API.statusChange, { modelId, status: 'published' });
    if (pub.statusCode !== 200) throw new Error(`publish failed: ${pub.statusCode} ${pub.body}`);
  }
  return modelId;
}
