/**
 * Statuses of a dataset submission and of its pipeline stages, as the status and contribution
 * APIs return them and the web app shows them (docs/product.md#entities-and-fields; docs/architecture.md#dataset-stages).
 */
import { z } from 'zod';
import { SUBMISSION_STATUSES } from './enums.ts';

/**
 * Statuses of a stage (download, ingest, validate, publish): a submission's, plus 'Not Run' for a
 * stage that never started because an earlier stage ended the submission.
 */
export const STAGE_STATUSES = [...SUBMISSION_STATUSES, 'Not Run'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export const stageStatusSchema = z.enum(STAGE_STATUSES);

/**
 * Outcome code of a Completed submission whose every valid record was already on the platform
 * (a re-submission): nothing new was published, and that is not an error.
 */
export const ALREADY_PUBLISHED = 'ALREADY_PUBLISHED';

/**
 * Why a submission ended as it did, when there is something to say: the failure's code and
 * message for a Failed one (e.g. DOWNLOAD_FAILED, JSON_TOO_DEEP, NO_VALID_RECORD), ALREADY_PUBLISHED
 * for a Completed one that added nothing new; null otherwise.
 */
export const submissionOutcomeSchema = z.object({ code: z.string(), message: z.string() }).nullable();
export type SubmissionOutcome = z.infer<typeof submissionOutcomeSchema>;
