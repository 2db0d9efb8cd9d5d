import type { Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { SpeakersTable } from '../../db/schema.ts';

/** SQL of the speakers module: table `speakers` (009_speakers.sql). */

/** A speaker row as read. */
export type SpeakerRow = Pick<Selectable<SpeakersTable>, 'speaker_id' | 'speaker_name' | 'engine' | 'vector' | 'created_on'>;

/** Where a speaker lives: user, application (API key identifier) and provider. */
export interface SpeakerScope {
  userId: string;
  keyId: string;
  provider: string;
}

/** Speakers of a scope, newest first, at most `limit`. */
export async function listSpeakers(db: Db, scope: SpeakerScope, limit: number): Promise<SpeakerRow[]> {
  return db.db
    .selectFrom('speakers')
    .select(['speaker_id', 'speaker_name', 'engine', 'vector', 'created_on'])
    .where('user_id', '=', scope.userId)
    .where('key_id', '=', scope.keyId)
    .where('provider_name', '=', scope.provider)
    .orderBy('created_on', 'desc')
    .orderBy('speaker_id')
    .limit(limit)
    .execute();
}

/** Number of speakers in a scope. */
export async function countSpeakers(db: Db, scope: SpeakerScope): Promise<number> {
  const row = await db.db
    .selectFrom('speakers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', scope.userId)
    .where('key_id', '=', scope.keyId)
    .where('provider_name', '=', scope.provider)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One speaker of a scope; undefined when the id is unknown or belongs to another scope (the caller cannot tell which). */
export async function findSpeaker(db: Db, scope: SpeakerScope, speakerId: string): Promise<SpeakerRow | undefined> {
  return db.db
    .selectFrom('speakers')
    .select(['speaker_id', 'speaker_name', 'engine', 'vector', 'created_on'])
    .where('speaker_id', '=', speakerId)
    .where('user_id', '=', scope.userId)
    .where('key_id', '=', scope.keyId)
    .where('provider_name', '=', scope.provider)
    .executeTakeFirst();
}

/** Stores a new speaker; returns its enrolment time. */
export async function insertSpeaker(
  db: Db,
  scope: SpeakerScope,
  s: { speakerId: string; speakerName: string; engine: string; vector: number[]; voicedSeconds: number },
): Promise<Date> {
  const row = await db.db
    .insertInto('speakers')
    .values({
      speaker_id: s.speakerId,
      key_id: scope.keyId,
      user_id: scope.userId,
      provider_name: scope.provider,
      speaker_name: s.speakerName,
      engine: s.engine,
      vector: s.vector,
      voiced_seconds: s.voicedSeconds,
    })
    .returning('created_on')
    .executeTakeFirstOrThrow();
  return row.created_on;
}

/** Deletes the listed speakers of a scope; ids of other scopes are left alone. Returns how many went. */
export async function deleteSpeakers(db: Db, scope: SpeakerScope, speakerIds: string[]): Promise<number> {
  const res = await db.db
    .deleteFrom('speakers')
    .where('speaker_id', 'in', speakerIds)
    .where('user_id', '=', scope.userId)
    .where('key_id', '=', scope.keyId)
    .where('provider_name', '=', scope.provider)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
