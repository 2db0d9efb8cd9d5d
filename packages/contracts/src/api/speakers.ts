/**
 * Speaker enrolment and verification API (docs/product.md#speaker-recognition "Speaker recognition page", docs/product.md#entities-and-fields "Speaker",
 * docs/product.md#validation-rules "Speaker audio", docs/api.md#speakers speaker calls; docs/api.md#route-groups paths). A speaker belongs to one user, one
 * of that user's applications (API key, by `appName`) and one service provider.
 */
import { z } from 'zod';

/** Paths of the speaker calls (the original ULCA's). */
export const SPEAKERS_API = {
  list: '/ulca/user-mgmt/v1/users/speakers/list',
  enroll: '/ulca/user-mgmt/v1/users/speakers/enroll',
  verify: '/ulca/user-mgmt/v1/users/speakers/verify',
  delete: '/ulca/user-mgmt/v1/users/speakers/delete',
} as const;

/** Audio types accepted by the speaker page (docs/product.md: wav, mp3, flac, ogg). */
/**
 * Confidence (a fraction, 0–1) at or above which a voice is accepted as the speaker: the
 * equal-error-rate threshold of the baseline engine on the espeak-ng test set
 * (docs/product.md#speaker-recognition). The server decides with it; the web explains scores with it.
 */
export const SPEAKER_THRESHOLD = 0.885;
export const SPEAKER_AUDIO_TYPES = ['wav', 'mp3', 'flac', 'ogg'] as const;
/** Longest speaker audio, seconds (docs/product.md#constants-and-limits: 1 minute of speech). */
export const SPEAKER_AUDIO_MAX_SECONDS = 60;
/** Longest speaker name, characters. */
export const SPEAKER_NAME_MAX = 100;
/** Most audio items in one enrolment or verification. */
export const SPEAKER_AUDIO_MAX_ITEMS = 3;

/** Query of every speaker call: which application (by its API key's app name) and provider. */
export const speakerScopeQuery = z.object({
  appName: z.string({ error: 'appName is required' }).trim().min(1, 'appName is required').max(100, 'appName is not valid'),
  serviceProviderName: z
    .string({ error: 'serviceProviderName is required' })
    .trim()
    .min(1, 'serviceProviderName is required')
    .max(100, 'serviceProviderName is not valid'),
});
export type SpeakerScopeQuery = z.infer<typeof speakerScopeQuery>;

/** One audio input: base64 content or a public http(s) link, exactly one of the two. */
export const speakerAudioInput = z
  .object({
    audioContent: z.string().min(1, 'audioContent is empty').optional(),
    audioUri: z.string().trim().max(2000, 'audioUri is too long').optional(),
  })
  .refine((a) => (a.audioContent ? 1 : 0) + (a.audioUri ? 1 : 0) === 1, {
    message: 'Give exactly one of audioContent (base64) or audioUri for each audio.',
  });

const speakerId = z.string().trim().min(1, 'speakerId is empty').max(100, 'speakerId is not valid');

/** Task config: `speakerName` (enrolment), `speakerId` (verification against one speaker), preprocessors as the original sends them. */
export const speakerTaskConfig = z.object({
  speakerName: z.string().trim().max(SPEAKER_NAME_MAX, `Speaker name is too long (at most ${SPEAKER_NAME_MAX} characters).`).optional(),
  speakerId: speakerId.optional(),
  preprocessors: z
    .array(z.string().max(50))
    .max(10)
    .optional()
    .describe("Accepted for compatibility ('vad', 'denoiser'); the baseline always drops silence by energy and does no denoising"),
});

function speakerBody<T extends string>(taskType: T) {
  return z.object({
    pipelineTasks: z
      .array(
        z.object({ taskType: z.literal(taskType, { error: `taskType must be '${taskType}'` }), config: speakerTaskConfig.default({}) }),
      )
      .length(1, 'pipelineTasks must hold exactly one task'),
    inputData: z.object({
      audio: z
        .array(speakerAudioInput)
        .min(1, 'inputData.audio needs one audio')
        .max(SPEAKER_AUDIO_MAX_ITEMS, `At most ${SPEAKER_AUDIO_MAX_ITEMS} audio items`),
    }),
  });
}

/** Body of speakers/enroll: task speaker-enrollment with `config.speakerName`. */
export const speakerEnrollBody = speakerBody('speaker-enrollment').superRefine((b, c) => {
  if (!b.pipelineTasks[0].config.speakerName)
    c.addIssue({ code: 'custom', path: ['pipelineTasks', 0, 'config', 'speakerName'], message: 'Speaker name is required' });
});
export type SpeakerEnrollBody = z.infer<typeof speakerEnrollBody>;

/** Body of speakers/verify: task speaker-verification; with `config.speakerId` against that speaker, without it against every speaker of the app. */
export const speakerVerifyBody = speakerBody('speaker-verification');
export type SpeakerVerifyBody = z.infer<typeof speakerVerifyBody>;

/** Body of speakers/delete. */
export const speakerDeleteBody = z.object({
  config: z.object({ speakerId: z.array(speakerId).min(1, 'Choose at least one speaker').max(100) }),
});
export type SpeakerDeleteBody = z.infer<typeof speakerDeleteBody>;

/** A speaker as listed. */
export const speakerSchema = z.object({
  speakerId: z.string(),
  speakerName: z.string(),
  createdOn: z.string().describe('ISO 8601 enrolment time'),
});
export type Speaker = z.infer<typeof speakerSchema>;

/** Answer of speakers/list. */
export const speakerListResponse = z.object({ message: z.string(), speakers: z.array(speakerSchema) });

/** Output of an enrolment (docs/product.md#entities-and-fields). */
export const speakerEnrollOutput = z.object({ speakerId: z.string(), speakerName: z.string(), message: z.string() });
/** Output of a verification (docs/product.md#entities-and-fields): confidence is a fraction in [0, 1]; speakerId/speakerName are null when no enrolled speaker matches. */
export const speakerVerifyOutput = z.object({
  message: z.string(),
  speakerId: z.string().nullable(),
  speakerName: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  verified: z.boolean().describe('confidence reached the engine threshold'),
});

/** Answer of speakers/enroll: the pipeline's task and its output. */
export const speakerEnrollResponse = z.object({
  message: z.string(),
  taskType: z.literal('speaker-enrollment'),
  output: z.array(speakerEnrollOutput),
});
/** Answer of speakers/verify. */
export const speakerVerifyResponse = z.object({
  message: z.string(),
  taskType: z.literal('speaker-verification'),
  output: z.array(speakerVerifyOutput),
  engine: z.object({ name: z.string(), threshold: z.number(), baseline: z.boolean() }),
});
/** Answer of speakers/delete. */
export const speakerDeleteResponse = z.object({ message: z.string(), deleted: z.number() });

/** Answer types of speakers/enroll and speakers/verify. */
export type SpeakerEnrollResponse = z.infer<typeof speakerEnrollResponse>;
export type SpeakerVerifyResponse = z.infer<typeof speakerVerifyResponse>;
