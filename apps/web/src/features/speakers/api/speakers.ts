import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import {
  SPEAKERS_API,
  speakerDeleteResponse,
  speakerEnrollResponse,
  speakerListResponse,
  speakerVerifyResponse,
  type Speaker,
  type SpeakerEnrollResponse,
  type SpeakerVerifyResponse,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type { Speaker };
/** The application and provider a page works on (the query of every speaker call). */
export interface SpeakerScope {
  appName: string;
  serviceProviderName: string;
}
/** One audio source as the API takes it: base64 content or a link. */
export type SpeakerAudio = { audioContent: string } | { audioUri: string };
export type EnrollResult = SpeakerEnrollResponse;
export type VerifyResult = SpeakerVerifyResponse;

/** TanStack Query keys of the speakers feature. */
export const speakerKeys = {
  list: (s: SpeakerScope) => ['speakers', s.appName, s.serviceProviderName] as const,
};

const query = (s: SpeakerScope) => ({ appName: s.appName, serviceProviderName: s.serviceProviderName });

/** GET speakers/list (signed): the application's speakers, newest first. Throws ApiRequestError. */
export async function fetchSpeakers(scope: SpeakerScope, signal?: AbortSignal): Promise<Speaker[]> {
  return (await apiRequest('GET', SPEAKERS_API.list, { query: query(scope), schema: speakerListResponse, signal })).speakers;
}

/** Query hook of the speaker list; disabled until the scope is complete. No retry: a failure clears the list and shows the error (docs/product.md#messages). */
export function useSpeakers(scope: SpeakerScope) {
  return useQuery({
    queryKey: speakerKeys.list(scope),
    queryFn: ({ signal }) => fetchSpeakers(scope, signal),
    enabled: !!scope.appName && !!scope.serviceProviderName,
    retry: false,
  });
}

/** POST speakers/enroll: a new speaker named `speakerName` from one audio source (preprocessors as the original client sends them). */
export function enrollSpeaker(scope: SpeakerScope, v: { speakerName: string; audio: SpeakerAudio }): Promise<EnrollResult> {
  return apiRequest('POST', SPEAKERS_API.enroll, {
    query: query(scope),
    body: {
      pipelineTasks: [{ taskType: 'speaker-enrollment', config: { speakerName: v.speakerName, preprocessors: ['vad', 'denoiser'] } }],
      inputData: { audio: [v.audio] },
    },
    schema: speakerEnrollResponse,
  });
}

/** POST speakers/verify: against `speakerId`, or against every speaker of the application when it is absent. */
export function verifySpeaker(scope: SpeakerScope, v: { speakerId?: string; audio: SpeakerAudio }): Promise<VerifyResult> {
  return apiRequest('POST', SPEAKERS_API.verify, {
    query: query(scope),
    body: {
      pipelineTasks: [
        {
          taskType: 'speaker-verification',
          config: { ...(v.speakerId ? { speakerId: v.speakerId } : {}), preprocessors: ['vad', 'denoiser'] },
        },
      ],
      inputData: { audio: [v.audio] },
    },
    schema: speakerVerifyResponse,
  });
}

/** POST speakers/delete. */
export function deleteSpeakers(scope: SpeakerScope, speakerIds: string[]) {
  return apiRequest('POST', SPEAKERS_API.delete, {
    query: query(scope),
    body: { config: { speakerId: speakerIds } },
    schema: speakerDeleteResponse,
  });
}

/** Mutation hooks; enrolment and deletion refresh the list. */
export function useEnrollSpeaker(scope: SpeakerScope) {
  return useRefetchingMutation((v: { speakerName: string; audio: SpeakerAudio }) => enrollSpeaker(scope, v), speakerKeys.list(scope));
}
export function useVerifySpeaker(scope: SpeakerScope) {
  return useMutation({ mutationFn: (v: { speakerId?: string; audio: SpeakerAudio }) => verifySpeaker(scope, v) });
}
export function useDeleteSpeakers(scope: SpeakerScope) {
  return useRefetchingMutation((ids: string[]) => deleteSpeakers(scope, ids), speakerKeys.list(scope));
}
