import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import { STREAM_ASR_MAX_SECONDS, STREAM_SAMPLE_RATE, type ModelRecord, type StreamServerMessage } from '@ulca/contracts';
import { openRelayStream, type RelayStream } from '../api/streaming.ts';
import { formatSeconds } from '../../../lib/limits.ts';
import { toPcm16 } from '../lib/pcm.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { initialTryLanguages, tryLanguageName, type TryLanguages } from '../lib/try-languages.ts';
import { streamErrorText } from '../lib/try-errors.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryLanguagePicker } from './TryLanguagePicker.tsx';

/** docs/product.md#states-and-transitions states of streaming ASR: idle, start (waiting for the model), listen, stop (waiting for the punctuated text). */
type State = 'idle' | 'start' | 'listen' | 'stop';

/** Samples per microphone block: 4096 at 48 kHz is 85 ms, sent as about 2.7 KB of 16 kHz PCM. */
const BLOCK = 4096;

interface Mic {
  stream: MediaStream;
  context: AudioContext;
  node: ScriptProcessorNode;
  source: MediaStreamAudioSourceNode;
}

function stopMic(mic: Mic | null): void {
  if (!mic) return;
  mic.node.onaudioprocess = null;
  mic.source.disconnect();
  mic.node.disconnect();
  mic.stream.getTracks().forEach((t) => t.stop());
  void mic.context.close();
}

/**
 * The streaming ASR panel (docs/product.md#model-detail-and-try-it-panels "Try-it panels", docs/product.md#states-and-transitions): Start → 'Please wait...' while the
 * server connects to the model → 'Listening...' with a running timer; the microphone goes to the
 * relay as 16 kHz PCM and the text appears as the model sends it; Stop (or the 61 s timer) ends the
 * stream and shows the punctuated text. Leaving the page (Back) closes the stream first. The
 * language is chosen among the model's (preselected from `hint`) while no stream runs.
 */
export function StreamingAsrPanel({ model, hint }: { model: ModelRecord; hint: TryLanguageHint }) {
  const { t } = useTranslation();
  const [languages, setLanguages] = useState<TryLanguages>(() => initialTryLanguages('asr', model.languages, hint));
  const language = languages.source || undefined;
  const [state, setState] = useState<State>('idle');
  const [text, setText] = useState('');
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const stream = useRef<RelayStream | null>(null);
  const mic = useRef<Mic | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; stop?: ReturnType<typeof setTimeout> }>({});

  const clearTimers = () => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.stop);
  };

  const endLocal = () => {
    clearTimers();
    stopMic(mic.current);
    mic.current = null;
  };

  // Back / leaving the page: stop the microphone and close the stream (the server then closes the model's socket).
  useEffect(() => {
    const t = timers.current;
    return () => {
      clearInterval(t.tick);
      clearTimeout(t.stop);
      stopMic(mic.current);
      mic.current = null;
      stream.current?.close();
    };
  }, []);

  const stop = () => {
    endLocal();
    setState('stop');
    stream.current?.stop();
  };

  const listen = async () => {
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
    } catch {
      stream.current?.close();
      setState('idle');
      setError(t('try.streaming.noMicrophone'));
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(media);
    const node = context.createScriptProcessor(BLOCK, 1, 1);
    node.onaudioprocess = (e) =>
      stream.current?.sendAudio(toPcm16(e.inputBuffer.getChannelData(0), context.sampleRate, STREAM_SAMPLE_RATE));
    source.connect(node);
    node.connect(context.destination);
    mic.current = { stream: media, context, node, source };
    const startedAt = Date.now();
    setSeconds(0);
    setState('listen');
    timers.current.tick = setInterval(() => setSeconds((Date.now() - startedAt) / 1000), 250);
    timers.current.stop = setTimeout(stop, STREAM_ASR_MAX_SECONDS * 1000);
  };

  const onMessage = (m: StreamServerMessage) => {
    if (m.type === 'ready') void listen();
    else if (m.type === 'partial') setText(m.text);
    else if (m.type === 'final') {
      setText(m.punctuated ?? m.text);
      setState('idle');
    } else if (m.type === 'error') {
      endLocal();
      setError(streamErrorText(m, t, tryLanguageName));
      setState('idle');
    }
  };

  const start = () => {
    setError(null);
    setText('');
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined') {
      setError(t('try.streaming.cannotRecord'));
      return;
    }
    setState('start');
    stream.current = openRelayStream('asr', model.modelId, language, onMessage, () => {
      endLocal();
      stream.current = null;
      setState((s) => (s === 'idle' ? s : 'idle'));
    });
  };

  return (
    <Stack spacing={2}>
      <TryLanguagePicker task="asr" languages={model.languages} value={languages} onChange={setLanguages} disabled={state !== 'idle'} />
      <Typography variant="body2" color="text.secondary">
        {language ? t('try.streaming.asrIntro', { language: tryLanguageName(language) }) : t('try.streaming.asrIntroAny')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {state === 'listen' ? (
          <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={stop}>
            {t('audio.stop')}
          </Button>
        ) : (
          <Button variant="contained" startIcon={<MicIcon />} onClick={start} disabled={state !== 'idle'}>
            {t('try.streaming.start')}
          </Button>
        )}
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} role="timer" aria-live="off">
          {formatSeconds(seconds)} / {formatSeconds(STREAM_ASR_MAX_SECONDS)}
        </Typography>
        {(state === 'start' || state === 'stop') && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('try.pleaseWait')}
          </Typography>
        )}
        {state === 'listen' && (
          <Typography variant="body2" color="error" role="status">
            {t('audio.listening')}
          </Typography>
        )}
      </Stack>
      {state === 'listen' && (
        <Box sx={{ maxWidth: 360 }}>
          <LinearProgress variant="determinate" value={Math.min(100, (seconds / STREAM_ASR_MAX_SECONDS) * 100)} color="error" />
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={t('try.streaming.transcript')}
        value={text}
        multiline
        minRows={3}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-live': 'polite', 'data-testid': 'streaming-transcript' } }}
        fullWidth
      />
      <PanelNotes input="speech" />
    </Stack>
  );
}
