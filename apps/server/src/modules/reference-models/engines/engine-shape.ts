/**
 * The parts every monolingual reference engine repeats: its language list built from source codes,
 * a `close` that has nothing to free, and a warm-up that loads once.
 */
import type { InferenceTask } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';

/** What {@link referenceEngine} completes: a ReferenceEngine served in `sourceLanguages` (codes), `close` optional. */
export type MonolingualEngineSpec<T extends InferenceTask> = Omit<ReferenceEngine<T>, 'languages' | 'close'> & {
  sourceLanguages: readonly string[];
  close?: () => Promise<void>;
};

/**
 * A reference engine of one-language requests: `languages` lists each code of `sourceLanguages` as
 * `{ sourceLanguage }`, and a missing `close` frees nothing.
 */
export function referenceEngine<T extends InferenceTask>(spec: MonolingualEngineSpec<T>): ReferenceEngine<T> {
  const { sourceLanguages, close = () => Promise.resolve(), ...rest } = spec;
  return { ...rest, languages: sourceLanguages.map((sourceLanguage) => ({ sourceLanguage })), close };
}

/**
 * The warm-up of an engine that loads something slow (a model, a worker pool) once:
 * `warm()` returns at once when `ready()`, else joins the load under way or starts `load` (a failed
 * load rejects its callers and the next call tries again). `settled()` waits for a load under way,
 * ignoring its failure, so that `close` frees what it made.
 */
export function loadOnce(ready: () => boolean, load: () => Promise<void>): { warm: () => Promise<void>; settled: () => Promise<void> } {
  let loading: Promise<void> | null = null;
  return {
    async warm() {
      if (ready()) return;
      loading ??= load().finally(() => {
        loading = null;
      });
      await loading;
    },
    async settled() {
      await loading?.catch(() => undefined);
    },
  };
}

/** The per-language tables of {@link perLanguageTables}. */
export interface LanguageTables<V> {
  /** Builds every language's value, once (synchronous work; the promise is for ReferenceEngine.warm). */
  warm(): Promise<void>;
  /**
   * The value of `lang` (after `warm`).
   * @throws EngineInputError "`task` in '`lang`' is not supported; served: …" for a language without one.
   */
  of(lang: string, task: string): V;
}

/**
 * One value per served language (a converter, a lexicon), built on the first warm-up from `locales`
 * (language code → locale code) by `build`, then logged as ready under the engine's id.
 */
export function perLanguageTables<V>(
  engine: string,
  locales: Readonly<Record<string, string>>,
  build: (lang: string, locale: string) => V,
  log: EngineOptions['log'],
): LanguageTables<V> {
  const values = new Map<string, V>();
  return {
    warm() {
      if (values.size > 0) return Promise.resolve();
      for (const [lang, locale] of Object.entries(locales)) values.set(lang, build(lang, locale));
      log.info({ engine, languages: values.size }, 'reference engine ready');
      return Promise.resolve();
    },
    of(lang, task) {
      const value = values.get(lang);
      if (value === undefined)
        throw new EngineInputError(`${task} in '${lang}' is not supported; served: ${Object.keys(locales).join(', ')}.`);
      return value;
    },
  };
}
