import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { languageLabel, type InferenceTask, type ModelRecord } from '@ulca/contracts';
import { useTryModel } from '../api/inference.ts';
import { TransliterationInput } from '../../../components/TransliterationInput.tsx';
import { fetchTransliterationSuggestions, useTransliterationModelId } from '../api/transliteration.ts';
import { MAX_TEXT_CHARS, PANEL_ERRORS, canSendText, textError } from '../../../lib/limits.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryResult } from './TryResult.tsx';

const ACTION: Partial<Record<InferenceTask, string>> = {
  translation: 'Translate',
  'txt-lang-detection': 'Detect',
  ner: 'Submit',
};

/**
 * The try panel of the text tasks (docs/product.md#model-detail-and-try-it-panels): translation (with the transliteration input toggle,
 * on by default, shown only when a transliteration model exists for the source language and never
 * for English), transliteration, tts (voice Female/Male, default Female), ner, txt-lang-detection,
 * itn and text-normalization. Text is limited to 150 characters.
 */
export function TextTryPanel({ model, task }: { model: ModelRecord; task: InferenceTask }) {
  const source = model.languages[0]?.sourceLanguage;
  const target = model.languages[0]?.targetLanguage ?? undefined;
  const [text, setText] = useState('');
  const [gender, setGender] = useState<'female' | 'male'>('female');
  const [transliterate, setTransliterate] = useState(true);
  const [sent, setSent] = useState('');
  const tryModel = useTryModel(task);

  // The translation panel types in the source language from Roman letters; the transliteration
  // panel offers its own model's suggestions word by word when it writes from English.
  const lookup = useTransliterationModelId(task === 'translation' ? source : undefined);
  const typingModelId = task === 'translation' ? lookup.data : task === 'transliteration' && source === 'en' ? model.modelId : null;
  const showToggle = task === 'translation' && !!lookup.data;

  const error = textError(text);
  const send = () => {
    setSent(text.trim());
    tryModel.mutate({
      kind: 'compute',
      body: {
        modelId: model.modelId,
        task,
        input: [{ source: text.trim() }],
        ...(source ? { sourceLanguage: source } : {}),
        ...(target ? { targetLanguage: target } : {}),
        ...(task === 'tts' ? { gender } : {}),
      },
    });
  };
  // Language detection is given text in any language: its label names none (its model's first language is not the input's).
  const label = task === 'txt-lang-detection' ? 'Text in any language' : source ? `${languageLabel(source)} text` : 'Text';

  return (
    <Stack spacing={2}>
      {source && task !== 'txt-lang-detection' && (
        <Typography variant="body2" color="text.secondary">
          {target ? `${languageLabel(source)} → ${languageLabel(target)}` : languageLabel(source)}
        </Typography>
      )}
      {showToggle && (
        <FormControlLabel
          control={<Switch checked={transliterate} onChange={(e) => setTransliterate(e.target.checked)} />}
          label={`Transliteration (type ${languageLabel(source ?? '')} in Roman letters)`}
        />
      )}
      {lookup.isError && <Alert severity="warning">{PANEL_ERRORS.transliterationLookup}</Alert>}
      {typingModelId && (task !== 'translation' || transliterate) ? (
        <TransliterationInput
          variant="chips"
          modelId={typingModelId}
          fetchSuggestions={fetchTransliterationSuggestions}
          value={text}
          onChange={setText}
          label={label}
          error={!!error}
          helperText={error ?? `${[...text].length}/${MAX_TEXT_CHARS}`}
        />
      ) : (
        <TextField
          label={label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={4}
          fullWidth
          placeholder="Enter text here..."
          error={!!error}
          helperText={error ?? `${[...text].length}/${MAX_TEXT_CHARS}`}
        />
      )}
      {task === 'tts' && (
        <div>
          <FormLabel id="voice-label">Voice</FormLabel>
          <RadioGroup row aria-labelledby="voice-label" value={gender} onChange={(e) => setGender(e.target.value as 'female' | 'male')}>
            <FormControlLabel value="female" control={<Radio />} label="Female" />
            <FormControlLabel value="male" control={<Radio />} label="Male" />
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
          Clear All
        </Button>
        <Button variant="contained" onClick={send} disabled={!canSendText(text) || tryModel.isPending}>
          {ACTION[task] ?? 'Convert'}
        </Button>
      </Stack>
      <TryResult
        task={task}
        modelId={model.modelId}
        pending={tryModel.isPending}
        error={tryModel.error}
        output={tryModel.data}
        input={sent}
      />
      <PanelNotes input="text" />
    </Stack>
  );
}
