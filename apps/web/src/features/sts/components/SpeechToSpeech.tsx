import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { languageLabel } from '@ulca/contracts';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { localizedLanguageName } from '../../../lib/i18n/names.ts';
import { isolateRtl } from '../../../lib/bidi.ts';
import { closeSnackbar, enqueueSnackbar } from '../../../lib/toast.ts';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { AudioPlayer } from '../../../components/AudioPlayer.tsx';
import { AudioRecorder } from '../../../components/AudioRecorder.tsx';
import { TransliterationInput } from '../../../components/TransliterationInput.tsx';
import { useStsSlots } from '../lib/slots.ts';
import { convertRomanWords, romanWords } from '../../../lib/roman-word.ts';
import { AudioInputError, prepareSpeech } from '../../../lib/audio.ts';
import { canSendUrl } from '../../../lib/limits.ts';
import { UrlConvertRow } from './UrlConvertRow.tsx';
import { StageError, runAsr, runTranslation, runTts, useStageModels } from '../api/sts.ts';
import { localizeAudioError, stageMessageText } from '../lib/sts-texts.ts';
import {
  EMPTY_SELECTION,
  choose,
  modelOptions,
  optionsFor,
  selectionError,
  sourceLanguages,
  targetLanguages,
  type StsSelection,
  type StsStage,
} from '../lib/sts.ts';
import { StsBatchPanel } from './StsBatchPanel.tsx';
import { StsFeedbackDialog } from './StsFeedbackDialog.tsx';
import { ScrollTabs } from '../../../components/ScrollTabs.tsx';

type InputMode = 'record' | 'url' | 'text';
type ResultTab = 'source' | 'translation' | 'audio';
/** A language's name in the interface language. */
const nameOf = (code: string) => isolateRtl(localizedLanguageName(code, languageLabel(code)));

/** What the chain produced so far (a later stage may have failed). */
interface StsResult {
  sourceText: string;
  translation: string | null;
  audio: { audioContent?: string; audioUri?: string } | null;
  /** The stages that ran (for the feedback's per-stage part). */
  ran: StsStage[];
}

/** Where a run starts: speech (asr first), the source text (translation first) or the translation (tts only). */
type RunStart = (
  { audio: { audioContent: string } | { audioUri: string } } | { sourceText: string } | { sourceText: string; translation: string }
) & { voice?: Voice };
type Voice = 'female' | 'male';

/** Copies `text` and says so. */
function copy(text: string, t: TFunction) {
  void navigator.clipboard?.writeText(text).then(
    () => enqueueSnackbar(t('sts.copied'), { variant: 'success', autoHideDuration: 3000 }),
    () => enqueueSnackbar(t('sts.copyFailed'), { variant: 'error', autoHideDuration: 3000 }),
  );
}

/**
 * The Explore 'sts' tab (docs/product.md#speech-to-speech "Speech-to-speech tab", docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/product.md#messages, docs/product.md#constants-and-limits): source and
 * target language and the asr, translation and tts pickers (auto-pick and clearing rules in
 * lib/sts.ts), then a recording (auto-stop 60 s) or an audio URL, or typed text where no ASR model
 * serves the source language. Runs asr → translation → tts through the compute routes with an info
 * toast and a loading overlay, stopping at the first failing stage with the spec's texts. Results
 * in tabs (source text, translation, audio) whose texts can be corrected and re-run from there,
 * with copy buttons, the Female/Male voice (default Female), the feedback dialog and the batch field.
 */
/** An editable result (the source text or its translation): the text, Copy, and `action` run again from it (disabled while blank or `busy`). */
function EditableResult({
  label,
  value,
  onChange,
  action,
  onAction,
  busy,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  action: string;
  onAction: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => copy(value, t)} disabled={!value.trim()}>
          {t('sts.copy')}
        </Button>
        <Button variant="outlined" onClick={onAction} disabled={!value.trim() || busy}>
          {action}
        </Button>
      </Stack>
    </Stack>
  );
}

export function SpeechToSpeech() {
  const { t } = useTranslation();
  const asrQ = useStageModels('asr');
  const trQ = useStageModels('translation');
  const ttsQ = useStageModels('tts');
  const options = useMemo(
    () => ({ asr: modelOptions(asrQ.data ?? []), translation: modelOptions(trQ.data ?? []), tts: modelOptions(ttsQ.data ?? []) }),
    [asrQ.data, trQ.data, ttsQ.data],
  );
  const [sel, setSel] = useState<StsSelection>(EMPTY_SELECTION);
  const [gender, setGender] = useState<Voice>('female');
  // The voice the shown result was spoken in: "speak again" offers the other one.
  const [spokenWith, setSpokenWith] = useState<Voice>('female');
  const [mode, setMode] = useState<InputMode>('record');
  const [url, setUrl] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<StsResult | null>(null);
  const [edited, setEdited] = useState({ source: '', translation: '' });
  const [tab, setTab] = useState<ResultTab>('source');
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  // Typed text in Roman letters is transliterated into the source language as in the try panels
  // (the lookups are the model page's, bound by the app shell; docs/product.md#model-detail-and-try-it-panels).
  const { useTransliterationModelId, fetchTransliterationSuggestions } = useStsSlots();
  const typingModel = useTransliterationModelId(sel.source || undefined).data ?? null;
  const suggest = useCallback(
    (modelId: string, word: string, signal?: AbortSignal) => fetchTransliterationSuggestions(modelId, word, signal, sel.source),
    [fetchTransliterationSuggestions, sel.source],
  );
  /** Runs the typed text, its Roman words converted first so the translation model never gets one by accident. */
  const runTyped = async () => {
    let text = typed;
    if (typingModel && romanWords(text).length > 0) {
      text = await convertRomanWords(text, async (w) => (await suggest(typingModel, w))[0]).catch(() => text);
      setTyped(text);
    }
    await run({ sourceText: text });
  };

  const asrChoices = optionsFor('asr', options.asr, sel);
  const noAsr = !!sel.source && asrChoices.length === 0 && !asrQ.isPending;
  const inputMode: InputMode = noAsr ? 'text' : mode;
  const missing = selectionError(sel, inputMode === 'text');
  useEffect(() => setEdited({ source: result?.sourceText ?? '', translation: result?.translation ?? '' }), [result]);

  const pick = (field: keyof StsSelection, value: string) => {
    setSel((s) => choose(s, field, value, options));
    setFailure(null);
  };

  /** Runs the chain from `start`, stopping at the first failing stage (its text in a 3 s error toast and under the input). */
  const run = async (start: RunStart) => {
    const err = selectionError(sel, !('audio' in start));
    if (err) {
      enqueueSnackbar(t('sts.selectAll'), { variant: 'error', autoHideDuration: 3000 });
      return;
    }
    setBusy(true);
    setFailure(null);
    const wait = enqueueSnackbar(t('sts.wait'), { variant: 'info', persist: true });
    const ran: StsStage[] = [];
    let partial: StsResult | null = null;
    try {
      let sourceText = 'sourceText' in start ? start.sourceText.trim() : '';
      if ('audio' in start) {
        sourceText = await runAsr(sel.asr, sel.source, start.audio);
        ran.push('asr');
      } else if (result?.ran.includes('asr') && sourceText === result.sourceText) ran.push('asr');
      partial = { sourceText, translation: null, audio: null, ran: [...ran] };
      let translation = 'translation' in start ? start.translation.trim() : '';
      if (!('translation' in start)) translation = await runTranslation(sel.translation, sourceText, sel.source, sel.target);
      ran.push('translation');
      partial = { sourceText, translation, audio: null, ran: [...ran] };
      const voice = start.voice ?? gender;
      const audio = await runTts(sel.tts, translation, sel.target, voice);
      ran.push('tts');
      setSpokenWith(voice);
      setResult({ sourceText, translation, audio, ran });
      setTab('audio');
      enqueueSnackbar(t('sts.ready'), { variant: 'success', autoHideDuration: 3000 });
    } catch (e) {
      const said = e instanceof StageError ? stageMessageText(e.message, t, nameOf) : t('sts.networkFailure');
      const message = e instanceof StageError ? t('sts.stageFailed', { stage: t(`sts.stage.${e.stage}`), message: said }) : said;
      setFailure(message);
      if (partial) {
        setResult(partial);
        setTab(partial.translation ? 'translation' : 'source');
      }
      enqueueSnackbar(said, { variant: 'error', autoHideDuration: 3000 });
    } finally {
      closeSnackbar(wait);
      setBusy(false);
    }
  };

  const onRecorded = (blob: Blob) => {
    setFailure(null);
    prepareSpeech(blob)
      .then((speech) => run({ audio: { audioContent: speech.base64 } }))
      .catch((err: unknown) => {
        const message = err instanceof AudioInputError ? (localizeAudioError(err.message, t) ?? err.message) : t('sts.notPrepared');
        setFailure(message);
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: 3000 });
      });
  };

  if (asrQ.isPending || trQ.isPending || ttsQ.isPending) return <LoadingState label={t('sts.loadingModels')} />;
  const loadError = asrQ.isError || trQ.isError || ttsQ.isError;

  const picker = (field: StsStage | 'source' | 'target', label: string, items: { value: string; label: string }[], disabled = false) => (
    <TextField
      select
      size="small"
      label={label}
      value={sel[field]}
      onChange={(e) => pick(field, e.target.value)}
      disabled={disabled || busy}
      fullWidth
      slotProps={{ select: { MenuProps: { disablePortal: false } } }}
    >
      {items.length === 0 && (
        <MenuItem value="" disabled>
          {t('sts.noneAvailable')}
        </MenuItem>
      )}
      {items.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  const sources = sourceLanguages(options.translation).map((c) => ({ value: c, label: nameOf(c) }));
  const targets = sel.source ? targetLanguages(options.translation, sel.source).map((c) => ({ value: c, label: nameOf(c) })) : [];
  const trChoices = sel.target ? optionsFor('translation', options.translation, sel) : [];
  const ttsChoices = sel.target ? optionsFor('tts', options.tts, sel) : [];

  return (
    <Stack spacing={3} sx={{ position: 'relative' }} component="section" aria-labelledby="sts-title">
      <Box>
        <Typography id="sts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('sts.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('sts.intro')}
        </Typography>
      </Box>
      {loadError && <Alert severity="error">{t('sts.loadError')}</Alert>}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {picker('source', t('sts.sourceLanguage'), sources)}
        {picker('target', t('sts.targetLanguage'), targets, !sel.source)}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {picker(
          'asr',
          t('sts.asrModel'),
          asrChoices.map((o) => ({
            value: o.value,
            label: o.processing === 'streaming' ? t('sts.streamingModel', { name: o.label }) : o.label,
          })),
          !sel.source || noAsr,
        )}
        {picker('translation', t('sts.translationModel'), trChoices, !sel.target)}
        {picker('tts', t('sts.ttsModel'), ttsChoices, !sel.target)}
      </Box>
      {noAsr && <Alert severity="info">{t('sts.noAsr', { language: nameOf(sel.source) })}</Alert>}
      {sel.target && ttsChoices.length === 0 && <Alert severity="warning">{t('sts.noTts', { language: nameOf(sel.target) })}</Alert>}

      <FormControl>
        <FormLabel id="sts-voice">{t('sts.voice')}</FormLabel>
        <RadioGroup row aria-labelledby="sts-voice" value={gender} onChange={(e) => setGender(e.target.value as Voice)}>
          <FormControlLabel value="female" control={<Radio />} label={t('sts.female')} />
          <FormControlLabel value="male" control={<Radio />} label={t('sts.male')} />
        </RadioGroup>
      </FormControl>

      <Stack spacing={1.5}>
        <Tabs
          value={inputMode}
          onChange={(_e, m: InputMode) => {
            setMode(m);
            setFailure(null);
          }}
          aria-label={t('sts.input')}
        >
          <Tab value="record" label={t('sts.mode.record')} disabled={noAsr} />
          <Tab value="url" label={t('sts.mode.url')} disabled={noAsr} />
          <Tab value="text" label={t('sts.mode.text')} />
        </Tabs>
        {missing && (
          <Typography variant="body2" color="text.secondary">
            {t('sts.selectAll')}
          </Typography>
        )}
        {inputMode === 'record' && <AudioRecorder onRecorded={onRecorded} disabled={!!missing || busy} />}
        {inputMode === 'url' && (
          <UrlConvertRow
            label={t('sts.audioUrl')}
            placeholder="https://example.com/speech.wav"
            url={url}
            onUrlChange={setUrl}
            onConvert={() => void run({ audio: { audioUri: url.trim() } })}
            disabled={!canSendUrl(url) || busy}
          />
        )}
        {inputMode === 'text' && (
          <Stack spacing={1}>
            {/* The same box before and after the transliteration model is known (the caret and typing are kept). */}
            <TransliterationInput
              variant="chips"
              modelId={typingModel}
              fetchSuggestions={suggest}
              language={sel.source}
              value={typed}
              onChange={setTyped}
              label={sel.source ? t('sts.textIn', { language: nameOf(sel.source) }) : t('sts.sourceText')}
              helperText={typingModel ? t('sts.romanHelp') : undefined}
            />
            <Box sx={{ textAlign: 'right' }}>
              <Button variant="contained" onClick={() => void runTyped()} disabled={!typed.trim() || busy}>
                {t('sts.translateAndSpeak')}
              </Button>
            </Box>
          </Stack>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
        {inputMode !== 'text' && (
          <Typography variant="caption" color="text.secondary">
            {t('sts.speechNote')}
          </Typography>
        )}
      </Stack>

      {result && (
        <Box component="section" aria-label={t('sts.results')}>
          <ScrollTabs<ResultTab>
            value={tab}
            onChange={setTab}
            label={t('sts.resultTabs')}
            tabs={[
              { value: 'source', label: t('sts.sourceText') },
              { value: 'translation', label: t('sts.translation'), disabled: result.translation === null },
              { value: 'audio', label: t('sts.audio'), disabled: !result.audio },
            ]}
          />
          <Box sx={{ pt: 2 }}>
            {tab === 'source' && (
              <EditableResult
                label={t('sts.sourceEditable')}
                value={edited.source}
                onChange={(source) => setEdited((x) => ({ ...x, source }))}
                action={t('sts.translateAgain')}
                onAction={() => void run({ sourceText: edited.source })}
                busy={busy}
              />
            )}
            {tab === 'translation' && result.translation !== null && (
              <EditableResult
                label={t('sts.translationEditable')}
                value={edited.translation}
                onChange={(translation) => setEdited((x) => ({ ...x, translation }))}
                action={t('sts.speakAgain')}
                onAction={() => void run({ sourceText: result.sourceText, translation: edited.translation })}
                busy={busy}
              />
            )}
            {tab === 'audio' && result.audio && (
              <Stack spacing={1}>
                <AudioPlayer audioContent={result.audio.audioContent} audioUri={result.audio.audioUri} label={t('sts.translatedSpeech')} />
                <Box>
                  <Button
                    onClick={() => {
                      const other = spokenWith === 'female' ? 'male' : 'female';
                      setGender(other);
                      void run({ sourceText: result.sourceText, translation: result.translation ?? '', voice: other });
                    }}
                    disabled={busy}
                  >
                    {spokenWith === 'female' ? t('sts.speakAgainMale') : t('sts.speakAgainFemale')}
                  </Button>
                </Box>
              </Stack>
            )}
          </Box>
          {result.audio && (
            <Box sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={() => setFeedbackOpen(true)}>
                {t('sts.feedback')}
              </Button>
            </Box>
          )}
          <StsFeedbackDialog
            open={feedbackOpen}
            onClose={() => setFeedbackOpen(false)}
            models={Object.fromEntries(result.ran.map((s) => [s, sel[s]]))}
            sourceText={result.sourceText}
            translation={result.translation ?? ''}
          />
        </Box>
      )}

      <Divider />
      <StsBatchPanel selection={sel} gender={gender} />

      <Backdrop open={busy} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
        <CircularProgress color="inherit" aria-label={t('sts.processing')} />
        <Typography variant="body2">{t('sts.wait')}</Typography>
      </Backdrop>
    </Stack>
  );
}
