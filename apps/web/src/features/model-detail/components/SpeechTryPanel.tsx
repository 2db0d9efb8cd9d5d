import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { InferenceTask, ModelRecord } from '@ulca/contracts';
import { useTryModel } from '../api/inference.ts';
import { AudioInputError, prepareSpeech, type PreparedSpeech } from '../../../lib/audio.ts';
import { canSendUrl, urlError } from '../../../lib/limits.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { audioInputText } from '../lib/try-errors.ts';
import { TryLanguagePicker } from './TryLanguagePicker.tsx';
import { useTryLanguages } from './useTryLanguages.ts';
import { AudioRecorder } from '../../../components/AudioRecorder.tsx';
import { useObjectUrl } from '../../../lib/useObjectUrl.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryResult } from './TryResult.tsx';

type Mode = 'record' | 'url' | 'file';

/**
 * The try panel of the speech tasks (docs/product.md#model-detail-and-try-it-panels): asr (record up to 60 s, or an audio URL; sent to
 * the speech endpoint), audio-lang-detection and audio-gender-detection (record, URL or an audio
 * file; sent to compute). Recordings and files are converted to WAV 16 kHz mono in the browser.
 * ASR offers the model's languages (preselected from `hint`); the detections take any language.
 */
export function SpeechTryPanel({ model, task, hint }: { model: ModelRecord; task: InferenceTask; hint: TryLanguageHint }) {
  const { t } = useTranslation();
  const tryModel = useTryModel(task);
  const [languages, pickLanguages] = useTryLanguages(task, model.languages, hint, () => tryModel.reset());
  const source = languages.source || undefined;
  const modes: Mode[] = task === 'asr' ? ['record', 'url'] : ['record', 'url', 'file'];
  const [mode, setMode] = useState<Mode>('record');
  const [url, setUrl] = useState('');
  const [speech, setSpeech] = useState<PreparedSpeech | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const playerUrl = useObjectUrl(speech?.blob);

  const prepare = (blob: Blob) => {
    setPreparing(true);
    setInputError(null);
    setSpeech(null);
    prepareSpeech(blob)
      .then(setSpeech)
      .catch((err: unknown) => setInputError(err instanceof AudioInputError ? audioInputText(err.message, t) : t('try.speech.notPrepared')))
      .finally(() => setPreparing(false));
  };

  const send = () => {
    const audio = mode === 'url' ? { audioUri: url.trim() } : { audioContent: speech?.base64 ?? '' };
    const body = { modelId: model.modelId, task, ...(source ? { source, sourceLanguage: source } : {}), ...audio };
    tryModel.mutate({ kind: 'compute', body });
  };
  const ready = mode === 'url' ? canSendUrl(url) : !!speech && !preparing;
  const action = task === 'asr' ? t('try.action.convert') : t('try.action.detect');

  return (
    <Stack spacing={2}>
      <TryLanguagePicker task={task} languages={model.languages} value={languages} onChange={pickLanguages} disabled={tryModel.isPending} />
      <Tabs
        value={mode}
        onChange={(_, m: Mode) => {
          setMode(m);
          setInputError(null);
        }}
        aria-label={t('try.speech.input')}
      >
        {modes.map((m) => (
          <Tab key={m} value={m} label={t(`try.speech.mode.${m}`)} />
        ))}
      </Tabs>
      {mode === 'record' && <AudioRecorder onRecorded={prepare} disabled={tryModel.isPending} />}
      {mode === 'url' && (
        <TextField
          label={t('try.speech.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/speech.wav"
          error={!!urlError(url)}
          helperText={urlError(url) ? t('try.invalidUrl') : ' '}
          fullWidth
        />
      )}
      {mode === 'file' && (
        <Box>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {t('try.speech.chooseFile')}
            <input
              hidden
              type="file"
              accept="audio/*"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) prepare(file);
                e.target.value = '';
              }}
            />
          </Button>
        </Box>
      )}
      {mode !== 'url' && preparing && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('try.pleaseWait')}
        </Typography>
      )}
      {mode !== 'url' && speech && (
        <Stack spacing={0.5}>
          <Typography variant="body2" color="text.secondary">
            {t('try.speech.yours', { seconds: speech.seconds.toFixed(1) })}
          </Typography>
          <Box component="audio" controls src={playerUrl} sx={{ width: '100%', maxWidth: 420 }} aria-label={t('try.speech.yoursLabel')} />
        </Stack>
      )}
      {inputError && <Alert severity="error">{inputError}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setUrl('');
            setSpeech(null);
            setInputError(null);
            tryModel.reset();
          }}
        >
          {t('common.clearAll')}
        </Button>
        <Button variant="contained" onClick={send} disabled={!ready || tryModel.isPending}>
          {action}
        </Button>
      </Stack>
      <TryResult
        task={task}
        modelId={model.modelId}
        pending={tryModel.isPending}
        error={tryModel.error}
        output={tryModel.data}
        input={mode === 'url' ? url.trim() : null}
      />
      <PanelNotes input="speech" />
    </Stack>
  );
}
