import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { InferenceTask, ModelRecord } from '@ulca/contracts';
import { useTryModel } from '../api/inference.ts';
import { TransliterationInput } from '../../../components/TransliterationInput.tsx';
import { fetchTransliterationSuggestions } from '../api/transliteration.ts';
import { useTransliterationModelId } from '../api/shared-hooks.ts';
import { MAX_TEXT_CHARS, canSendText, textError } from '../../../lib/limits.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { convertRomanWords, romanWords } from '../../../lib/roman-word.ts';
import { tryLanguageName } from '../lib/try-languages.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryLanguagePicker } from './TryLanguagePicker.tsx';
import { useTryLanguages } from './useTryLanguages.ts';
import { TryResult } from './TryResult.tsx';

/** The action button of each text task (catalogue keys under try.action). */
const ACTION: Partial<Record<InferenceTask, 'translate' | 'detect' | 'submit'>> = {
  translation: 'translate',
  'txt-lang-detection': 'detect',
  ner: 'submit',
};

/**
 * The try panel of the text tasks (docs/product.md#model-detail-and-try-it-panels): translation (with the transliteration input toggle,
 * on by default, shown only when a transliteration model exists for the source language and never
 * for English), transliteration, tts (voice Female/Male, default Female), ner, txt-lang-detection,
 * itn and text-normalization. Text is limited to 150 characters. The languages are the model's
 * (TryLanguagePicker), preselected from `hint`. Translate first converts any Roman word still left
 * in a transliterated input, so the model never gets one by accident.
 */
export function TextTryPanel({ model, task, hint }: { model: ModelRecord; task: InferenceTask; hint: TryLanguageHint }) {
  const { t } = useTranslation();
  const tryModel = useTryModel(task);
  const [languages, pickLanguages] = useTryLanguages(task, model.languages, hint, () => tryModel.reset());
  const source = languages.source || undefined;
  const target = languages.target || undefined;
  const [text, setText] = useState('');
  const [gender, setGender] = useState<'female' | 'male'>('female');
  const [transliterate, setTransliterate] = useState(true);
  const [converting, setConverting] = useState(false);
  const [sent, setSent] = useState('');

  // The translation panel types in the source language from Roman letters; the transliteration
  // panel offers its own model's suggestions word by word when it writes from English.
  const lookup = useTransliterationModelId(task === 'translation' ? source : undefined);
  const typingModelId = task === 'translation' ? lookup.data : task === 'transliteration' && source === 'en' ? model.modelId : null;
  const typingInto = task === 'translation' ? source : target;
  const showToggle = task === 'translation' && !!lookup.data;
  const typing = !!typingModelId && (task !== 'translation' || transliterate);
  const suggest = useCallback(
    (modelId: string, word: string, signal?: AbortSignal) => fetchTransliterationSuggestions(modelId, word, signal, typingInto),
    [typingInto],
  );

  const error = textError(text) ? t('try.text.tooLong', { max: MAX_TEXT_CHARS }) : null;
  const send = async () => {
    let input = text;
    if (task === 'translation' && typing && typingModelId && romanWords(text).length > 0) {
      setConverting(true);
      try {
        input = await convertRomanWords(text, async (w) => (await suggest(typingModelId, w))[0]);
        setText(input);
      } catch {
        // Suggestions failed: the text goes as typed and the model's answer says what it cannot read.
      } finally {
        setConverting(false);
      }
    }
    setSent(input.trim());
    tryModel.mutate({
      kind: 'compute',
      body: {
        modelId: model.modelId,
        task,
        input: [{ source: input.trim() }],
        ...(source ? { sourceLanguage: source } : {}),
        ...(target ? { targetLanguage: target } : {}),
        ...(task === 'tts' ? { gender } : {}),
      },
    });
  };
  // Language detection is given text in any language: its label names none.
  const label =
    task === 'txt-lang-detection'
      ? t('try.text.anyLanguage')
      : source
        ? t('try.text.inLanguage', { language: tryLanguageName(source) })
        : t('try.text.label');
  const count = t('try.text.count', { count: [...text].length, max: MAX_TEXT_CHARS });

  return (
    <Stack spacing={2}>
      <TryLanguagePicker
        task={task}
        languages={model.languages}
        value={languages}
        onChange={pickLanguages}
        disabled={tryModel.isPending || converting}
      />
      {showToggle && (
        <FormControlLabel
          control={<Switch checked={transliterate} onChange={(e) => setTransliterate(e.target.checked)} />}
          label={t('try.text.transliterate', { language: tryLanguageName(source ?? '') })}
        />
      )}
      {lookup.isError && <Alert severity="warning">{t('try.text.transliterationLookup')}</Alert>}
      {/* One box whether or not Roman letters are transliterated: it stays the same element when the model's answer arrives. */}
      <TransliterationInput
        variant="chips"
        modelId={typing ? (typingModelId ?? null) : null}
        fetchSuggestions={suggest}
        language={typingInto}
        acceptOnWordEnd={task === 'translation'}
        value={text}
        onChange={setText}
        label={label}
        error={!!error}
        helperText={error ?? (typing && task === 'translation' ? `${count} · ${t('try.text.romanHelp')}` : count)}
      />
      {task === 'tts' && (
        <div>
          <FormLabel id="voice-label">{t('try.voice.label')}</FormLabel>
          <RadioGroup row aria-labelledby="voice-label" value={gender} onChange={(e) => setGender(e.target.value as 'female' | 'male')}>
            <FormControlLabel value="female" control={<Radio />} label={t('try.voice.female')} />
            <FormControlLabel value="male" control={<Radio />} label={t('try.voice.male')} />
          </RadioGroup>
        </div>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setText('');
            tryModel.reset();
          }}
          disabled={!text && !tryModel.data}
        >
          {t('common.clearAll')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!canSendText(text) || tryModel.isPending || converting}>
          {t(`try.action.${ACTION[task] ?? 'convert'}`)}
        </Button>
      </Stack>
      <TryResult
        task={task}
        modelId={model.modelId}
        pending={tryModel.isPending || converting}
        error={tryModel.error}
        output={tryModel.data}
        input={sent}
      />
      <PanelNotes input="text" />
    </Stack>
  );
}
