import { useTranslation } from '../lib/i18n/i18n.ts';
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import { MAX_AUDIO_SECONDS, formatSeconds } from '../lib/limits.ts';

/**
 * Records from the microphone with the browser's MediaRecorder, showing a timer; stops by itself
 * after 60 s (docs/product.md#constants-and-limits). Calls `onRecorded` with the recording (the browser's own format; the
 * panel converts it to WAV).
 */
export function AudioRecorder({ onRecorded, disabled }: { onRecorded: (blob: Blob) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; stop?: ReturnType<typeof setTimeout> }>({});

  const clearTimers = () => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.stop);
  };

  const stop = () => {
    clearTimers();
    if (recorder.current?.state === 'recording') recorder.current.stop();
    setRecording(false);
  };

  // Stop the microphone when the panel goes away (e.g. Back while recording).
  useEffect(
    () => () => {
      clearTimers();
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  const start = async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError('This browser cannot record audio. Please use an audio URL instead.');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('The microphone could not be used. Please allow microphone access, or use an audio URL.');
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream);
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      if (chunks.length) onRecorded(new Blob(chunks, { type: rec.mimeType || 'audio/webm' }));
    };
    recorder.current = rec;
    rec.start();
    const startedAt = Date.now();
    setSeconds(0);
    setRecording(true);
    timers.current.tick = setInterval(() => setSeconds((Date.now() - startedAt) / 1000), 250);
    timers.current.stop = setTimeout(stop, MAX_AUDIO_SECONDS * 1000);
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {recording ? (
          <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={stop}>
            {t('audio.stop')}
          </Button>
        ) : (
          <Button variant="contained" startIcon={<MicIcon />} onClick={() => void start()} disabled={disabled}>
            {t('audio.startRecording')}
          </Button>
        )}
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} aria-live="off" role="timer">
          {formatSeconds(recording ? seconds : seconds)} / {formatSeconds(MAX_AUDIO_SECONDS)}
        </Typography>
        {recording && (
          <Typography variant="body2" color="error" role="status">
            {t('audio.listening')}
          </Typography>
        )}
      </Stack>
      {recording && (
        <Box sx={{ maxWidth: 360 }}>
          <LinearProgress variant="determinate" value={Math.min(100, (seconds / MAX_AUDIO_SECONDS) * 100)} color="error" />
        </Box>
      )}
      {error && <Alert severity="warning">{error}</Alert>}
    </Stack>
  );
}
