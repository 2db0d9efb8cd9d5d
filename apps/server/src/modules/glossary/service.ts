/**
 * Glossaries (docs/product.md#glossary "Glossary page", docs/product.md#entities-and-fields, docs/product.md#validation-rules, docs/api.md#route-groups, docs/product.md#messages; docs/api.md#glossary).
 *
 * A glossary belongs to one application (an API key of the caller, named by its appName) and one
 * service provider (SERVICE_PROVIDERS). The caller is the verified signature's user, never a
 * field of the body; an appName the caller holds no key for is 404 APP_NOT_FOUND whether or not
 * someone else has such an app. Entries are unique per (sourceLanguage, targetLanguage,
 * sourceText): adding one again replaces its targetText ("Glossary Updated Successfully"), so a
 * client can re-send its glossary safely. At most GLOSSARY_MAX_ENTRIES per application and
 * provider. Revoking the API key deletes its glossaries.
 *
 * At inference (modules/inference), a translation requested with an application's `ulcaApiKey`
 * honours the glossary the application holds for the platform's service provider (the first of
 * SERVICE_PROVIDERS, the one every model is reached through): see {@link glossaryForTranslation}.
 */
import { GLOSSARY_MAX_ENTRIES, GLOSSARY_MESSAGES, type GlossaryEntry, type GlossaryListedEntry } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../security/auth.ts';
import { recordAudit } from '../audit/service.ts';
import * as keys from '../keys/service.ts';
import * as repo from './repo.ts';

export { protectTerms, type GlossaryTerm, type ProtectedInput } from './apply.ts';

/** Which glossary: the caller's application and a service provider. */
export interface GlossaryTarget {
  appName: string;
  serviceProviderName: string;
}

/** fetch-all: the entries of the caller's application for the provider, oldest first. 404 APP_NOT_FOUND, 400 UNKNOWN_PROVIDER. */
export async function listGlossary(ctx: AppContext, user: AuthUser, q: GlossaryTarget): Promise<GlossaryListedEntry[]> {
  const app = await keys.ownApplication(ctx, user.userId, q.appName, q.serviceProviderName);
  const rows = await repo.listEntries(ctx.db, app.keyId, q.serviceProviderName);
  return rows.map((r) => ({
    sourceLanguage: r.source_language,
    targetLanguage: r.target_language,
    sourceText: r.source_text,
    targetText: r.target_text,
    createdOn: r.created_on.toISOString(),
  }));
}

/**
 * create: adds the one entry (validated by glossaryCreateBody), or replaces the targetText of the
 * entry with the same languages and sourceText. Returns the success text. Throws 404
 * APP_NOT_FOUND, 400 UNKNOWN_PROVIDER, 400 GLOSSARY_FULL beyond GLOSSARY_MAX_ENTRIES.
 */
export async function addGlossaryEntry(
  ctx: AppContext,
  user: AuthUser,
  body: GlossaryTarget & { glossary: GlossaryEntry[] },
  meta: { ip: string },
): Promise<string> {
  const app = await keys.ownApplication(ctx, user.userId, body.appName, body.serviceProviderName);
  const entry = body.glossary[0]!;
  const outcome = await repo.upsertEntry(ctx.db, app.keyId, body.serviceProviderName, entry, GLOSSARY_MAX_ENTRIES);
  if (outcome === 'full') {
    throw new ApiError(
      400,
      'GLOSSARY_FULL',
      `This app's glossary already holds ${GLOSSARY_MAX_ENTRIES} entries for this provider; delete some first.`,
    );
  }
  await recordAudit(ctx, {
    actorUserId: user.userId,
    action: 'glossary.create',
    targetUserId: user.userId,
    ip: meta.ip,
    details: {
      appName: app.appName,
      keyId: app.keyId,
      serviceProviderName: body.serviceProviderName,
      sourceLanguage: entry.sourceLanguage,
      targetLanguage: entry.targetLanguage,
      updated: outcome === 'updated',
    },
  });
  return outcome === 'added' ? GLOSSARY_MESSAGES.added : GLOSSARY_MESSAGES.updated;
}

/**
 * delete: removes the named entries (matched by languages and sourceText; a targetText given is
 * not compared). Returns the spec's success text and how many were deleted. Throws 404
 * GLOSSARY_NOT_FOUND when none of them exists, 404 APP_NOT_FOUND, 400 UNKNOWN_PROVIDER.
 */
export async function deleteGlossaryEntries(
  ctx: AppContext,
  user: AuthUser,
  body: GlossaryTarget & { glossary: { sourceLanguage: string; targetLanguage: string; sourceText: string }[] },
  meta: { ip: string },
): Promise<{ message: string; count: number }> {
  const app = await keys.ownApplication(ctx, user.userId, body.appName, body.serviceProviderName);
  const count = await repo.deleteEntries(ctx.db, app.keyId, body.serviceProviderName, body.glossary);
  if (count === 0) throw notFound('No such glossary entry.');
  await recordAudit(ctx, {
    actorUserId: user.userId,
    action: 'glossary.delete',
    targetUserId: user.userId,
    ip: meta.ip,
    details: { appName: app.appName, keyId: app.keyId, serviceProviderName: body.serviceProviderName, count },
  });
  return { message: body.glossary.length > 1 ? GLOSSARY_MESSAGES.deletedMany : GLOSSARY_MESSAGES.deleted, count };
}

/**
 * The glossary terms a translation requested with API key `keyId` honours for the pair: the
 * application's entries for the platform's service provider (first of SERVICE_PROVIDERS). Empty
 * when there are none.
 */
export async function glossaryForTranslation(
  ctx: AppContext,
  keyId: string,
  sourceLanguage: string,
  targetLanguage: string,
): Promise<{ sourceText: string; targetText: string }[]> {
  const provider = ctx.config.serviceProviders[0] ?? 'ulca-reference-models';
  const rows = await repo.entriesForPair(ctx.db, keyId, provider, sourceLanguage, targetLanguage);
  return rows.map((r) => ({ sourceText: r.source_text, targetText: r.target_text }));
}
