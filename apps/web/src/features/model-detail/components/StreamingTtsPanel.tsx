import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ModelRecord, StreamServerMessage } from '@ulca/contracts';
import { openRelayStream, type RelayStream } from '../api/streaming.ts';
import { MAX_TEXT_CHARS, textError } from '../../../lib/limits.ts';
import { base64ToBytes } from '../../../lib/wav.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { initialTryLanguages, tryLanguageName, type TryLanguages } from '../lib/try-languages.ts';
import { streamErrorText } from '../lib/try-errors.ts';
import { PanelNotes } from './PanelNotes.tsx';
import { TryLanguagePicker } from './TryLanguagePicker.tsx';

/**
 * The streaming TTS panel (docs/product.md#screens "tts: streaming models use a websocket variant", docs/api.md#streaming): one
 * relay stream per visit; each word is sent when a space is typed (as the original client did) and
 * Speak sends the whole text; the audio of each answer plays as soon as it arrives, in order.
 * The language is chosen among the model's (preselected from `hint`); a new one closes the open
 * stream (the next word opens one in the new language).
 */
export function StreamingTtsPanel({ model, hint }: { model: ModelRecord; hint: TryLanguageHint }) {
  const { t } = useTranslation();
  const [languages, setLanguages] = useState<TryLanguages>(() => initialTryLanguages('tts', model.languages, hint));
  const language = languages.source || undefined;
  const [text, setText] = useState('');
  const [gender, setGender] = useState<'female' | 'male'>('female');
  const [state, setState] = useState<'connecting' | 'ready' | 'closed'>('closed');
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const stream = useRef<RelayStream | null>(null);
  const queue = useRef<string[]>([]);
  const sentUpTo = useRef(0);
  const audio = useRef<HTMLAudioElement | null>(null);

  const playingRef = useRef<string | null>(null);
  // Answers play one after another, in the order they arrived.
  const playNext = () => {
    if (playingRef.current) return;
    const next = queue.current.shift() ?? null;
    playingRef.current = next;
    setPlaying(next);
  };

  useEffect(() => {
    if (playing && audio.current) void audio.current.play().catch(() => undefined);
  }, [playing]);

  const connect = (): RelayStream => {
    setError(null);
    setState('connecting');
    const s = openRelayStream(
      'tts',
      model.modelId,
      language,
      (m: StreamServerMessage) => {
        if (m.type === 'ready') setState('ready');
        else if (m.type === 'audio') {
          queue.current.push(URL.createObjectURL(new Blob([base64ToBytes(m.audioContent) as BlobPart], { type: 'audio/wav' })));
          playNext();
        } else if (m.type === 'error') setError(streamErrorText(m, t, tryLanguageName));
      },
      () => {
        if (stream.current === s) stream.current = null;
        setState('closed');
      },
    );
    stream.current = s;
    return s;
  };

  useEffect(
    () => () => {
      stream.current?.close();
      stream.current = null;
      for (const u of queue.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const send = (piece: string) => {
    const t = piece.trim();
    if (!t) return;
    (stream.current ?? connect()).infer(t, gender);
  };

  const onChange = (value: string) => {
    setText(value);
    if (value.length < sentUpTo.current) sentUpTo.current = 0;
    // A word is spoken as soon as the space after it is typed.
    if (value.endsWith(' ') && !textError(value)) {
      send(value.slice(sentUpTo.current));
      sentUpTo.current = value.length;
    }
  };

  const error150 = textError(text);
  return (
    <Stack spacing={2}>
      <TryLanguagePicker
        task="tts"
        languages={model.languages}
        value={languages}
        onChange={(next) => {
          stream.current?.close();
          stream.current = null;
          sentUpTo.current = text.length;
          setLanguages(next);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {language ? t('try.streaming.ttsIntro', { language: tryLanguageName(language) }) : t('try.streaming.ttsIntroAny')}
      </Typography>
      <TextField
        label={t('try.text.label')}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        error={!!error150}
        helperText={
          error150 ? t('try.text.tooLong', { max: MAX_TEXT_CHARS }) : t('try.text.count', { count: text.length, max: MAX_TEXT_CHARS })
        }
      />
      <FormLabel id="stream-voice">{t('try.voice.label')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="stream-voice"
        value={gender}
        onChange={(e) => setGender(e.target.value === 'male' ? 'male' : 'female')}
      >
        <FormControlLabel value="female" control={<Radio />} label={t('try.voice.female')} />
        <FormControlLabel value="male" control={<Radio />} label={t('try.voice.male')} />
      </RadioGroup>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={!text.trim() || !!error150}
          onClick={() => {
            send(text);
            sentUpTo.current = text.length;
          }}
        >
          {t('try.streaming.speak')}
        </Button>
        {state === 'connecting' && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('try.pleaseWait')}
          </Typography>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Box
        component="audio"
        ref={audio}
        controls
        src={playing ?? undefined}
        aria-label={t('try.streaming.speech')}
        onEnded={() => {
          if (playingRef.current) URL.revokeObjectURL(playingRef.current);
          playingRef.current = null;
          playNext();
        }}
        sx={{ display: 'block', width: '100%', maxWidth: 480 }}
      />
      <PanelNotes input="text" />
    </Stack>
  );
}
