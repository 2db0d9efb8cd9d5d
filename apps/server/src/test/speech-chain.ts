/**
 * The speech chain the pipeline and speech-to-speech tests run: a contributor's ASR double that
 * "hears" a Hindi sentence, then the platform's reference hi→ur translation (Apertium) and ur TTS
 * (eSpeak NG). Needs a platform created with `referenceModels: true` and allowedFetchHosts ['localhost'].
 */
import type { TestPlatform } from './harness.ts';
import { viaLocalhost, type TestModelServer } from './model-server.ts';
import { insertTestModel, type TestModelSpec } from './models.ts';

/** The ids of the platform's reference hi→ur translation and ur TTS models. */
export function referenceSpeechChain(p: TestPlatform): { translationId: string; ttsId: string } {
  const ref = p.referenceModels!.models;
  const serves = (task: string, source: string, target?: string) =>
    ref.find(
      (m) => m.task.type === task && m.languages.some((l) => l.sourceLanguage === source && (!target || l.targetLanguage === target)),
    )!.modelId;
  return { translationId: serves('translation', 'hi', 'ur'), ttsId: serves('tts', 'ur') };
}

/**
 * Inserts an ASR model (hi, named 'Hears Hindi') of `userId` on `ms` that answers `text` for any
 * audio; `spec` sets the other fields (e.g. status). Returns its id.
 */
export function insertHearingAsr(
  p: TestPlatform,
  ms: TestModelServer,
  userId: string,
  text: string,
  spec: Partial<Omit<TestModelSpec, 'userId' | 'callbackUrl'>> = {},
): Promise<string> {
  return insertTestModel(p.ctx, {
    userId,
    task: 'asr',
    name: 'Hears Hindi',
    callbackUrl: viaLocalhost(ms.url(`say/asr?text=${encodeURIComponent(text)}`)),
    languages: [{ sourceLanguage: 'hi' }],
    ...spec,
  });
}
