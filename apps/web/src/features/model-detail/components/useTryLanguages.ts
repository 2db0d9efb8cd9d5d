import { useState } from 'react';
import type { InferenceTask } from '@ulca/contracts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { initialTryLanguages, type LanguagePair, type TryLanguages } from '../lib/try-languages.ts';

/**
 * The languages chosen in a try panel, preselected from the model's languages and `hint`, with the setter its
 * TryLanguagePicker calls: a new choice also runs `onPick`, so an answer given in the old languages is cleared.
 */
export function useTryLanguages(
  task: InferenceTask,
  languages: readonly LanguagePair[],
  hint: TryLanguageHint,
  onPick: () => void,
): readonly [TryLanguages, (next: TryLanguages) => void] {
  const [value, setValue] = useState<TryLanguages>(() => initialTryLanguages(task, languages, hint));
  const pick = (next: TryLanguages) => {
    setValue(next);
    onPick();
  };
  return [value, pick];
}
