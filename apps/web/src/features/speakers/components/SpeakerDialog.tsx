import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { AudioRecorder } from '../../../components/AudioRecorder.tsx';
import { AudioInputError, prepareSpeech } from '../../../lib/audio.ts';
import { bytesToBase64 } from '../../../lib/wav.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import {
  useEnrollSpeaker,
  useVerifySpeaker,
  type EnrollResult,
  type Speaker,
  type SpeakerAudio,
  type SpeakerScope,
  type VerifyResult,
} from '../api/speakers.ts';
import {
  ENROLLED_MESSAGE,
  INVALID_LINK_MESSAGE,
  SPEAKER_FALLBACK_ERROR,
  SPEAKER_FILE_ACCEPT,
  UNSUPPORTED_FILE_MESSAGE,
  isSpeakerAudioFile,
  isValidAudioLink,
  similarityText,
} from '../lib/speaker-audio.ts';

/** What the dialog does: enrol a new speaker, verify against any speaker, or against one chosen speaker. */
export type SpeakerDialogMode = { kind: 'enroll' } | { kind: 'verify-any' } | { kind: 'verify-one'; speaker: Speaker };
type Source = 'file' | 'record' | 'link';

const TITLES = { enroll: 'speakers.enroll', 'verify-any': 'speakers.verifySpeaker', 'verify-one': 'speakers.verifySpeaker' } as const;

/** docs/product.md#messages: the server's detail message, else the generic speaker text. */
function speakerError(err: unknown): string {
  return err instanceof ApiRequestError && err.message ? err.message : SPEAKER_FALLBACK_ERROR;
}

/**
 * The speaker dialog (docs/product.md#speaker-recognition "Speaker recognition page", docs/product.md#validation-rules): a name (enrolment) and exactly
 * one audio source, a file (wav, mp3, flac, ogg), a microphone recording (converted to 16 kHz WAV
 * in the browser) or an http(s) link; runs under a busy flag (no closing, no second submit); after
 * enrolment a success view with the speaker ID, name and a link to verify; after verification the
 * confidence as a percentage, said as the similarity to the named or closest enrolled voice beside
 * the confidence a match needs.
 */
export function SpeakerDialog({
  open,
  mode,
  scope,
  onClose,
  onVerifyEnrolled,
}: {
  open: boolean;
  mode: SpeakerDialogMode;
  scope: SpeakerScope;
  onClose: () => void;
  /** "Verify this speaker" of the success view. */
  onVerifyEnrolled: (speaker: Speaker) => void;
}) {
  const { t } = useTranslation();
  const enroll = useEnrollSpeaker(scope);
  const verify = useVerifySpeaker(scope);
  const [name, setName] = useState('');
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [recording, setRecording] = useState<{ base64: string; seconds: number; url: string } | null>(null);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [enrolled, setEnrolled] = useState<EnrollResult['output'][number] | null>(null);
  const [verified, setVerified] = useState<VerifyResult['output'][number] | null>(null);
  const similarity = verified ? similarityText(verified) : null;
  const busy = preparing || enroll.isPending || verify.isPending;

  const reset = () => {
    setName('');
    setSource('file');
    setFile(null);
    if (recording) URL.revokeObjectURL(recording.url);
    setRecording(null);
    setLink('');
    setError(null);
    setEnrolled(null);
    setVerified(null);
    enroll.reset();
    verify.reset();
  };
  const close = () => {
    if (busy) return;
    onClose();
  };

  // One source at a time: switching source drops what the other sources held.
  const chooseSource = (next: Source | null) => {
    if (!next || busy) return;
    setSource(next);
    setFile(null);
    setLink('');
    if (recording) URL.revokeObjectURL(recording.url);
    setRecording(null);
    setError(null);
  };

  const onFile = (f: File | undefined) => {
    setError(null);
    if (!f) return;
    if (!isSpeakerAudioFile(f)) {
      setFile(null);
      setError(UNSUPPORTED_FILE_MESSAGE);
      return;
    }
    setFile(f);
  };

  const onRecorded = async (blob: Blob) => {
    setError(null);
    setPreparing(true);
    try {
      const speech = await prepareSpeech(blob);
      if (recording) URL.revokeObjectURL(recording.url);
      setRecording({ base64: speech.base64, seconds: speech.seconds, url: URL.createObjectURL(speech.blob) });
    } catch (err) {
      setError(err instanceof AudioInputError ? err.message : SPEAKER_FALLBACK_ERROR);
    } finally {
      setPreparing(false);
    }
  };

  const audio = async (): Promise<SpeakerAudio | null> => {
    if (source === 'file') return file ? { audioContent: bytesToBase64(new Uint8Array(await file.arrayBuffer())) } : null;
    if (source === 'record') return recording ? { audioContent: recording.base64 } : null;
    if (!isValidAudioLink(link)) {
      setError(INVALID_LINK_MESSAGE);
      return null;
    }
    return { audioUri: link.trim() };
  };

  const hasAudio = source === 'file' ? !!file : source === 'record' ? !!recording : link.trim() !== '';
  const canSubmit = hasAudio && (mode.kind !== 'enroll' || name.trim() !== '') && !busy;

  // docs/product.md#messages: the server's message in a red toast; it also stays in the dialog beside the inputs.
  const fail = (err: unknown) => {
    const message = speakerError(err);
    setError(message);
    enqueueSnackbar(message, { variant: 'error' });
  };

  const submit = async () => {
    setError(null);
    setVerified(null);
    const a = await audio();
    if (!a) return;
    if (mode.kind === 'enroll') {
      enroll.mutate(
        { speakerName: name.trim(), audio: a },
        {
          onSuccess: (res) => {
            setEnrolled(res.output[0]);
            enqueueSnackbar(localizeMessage(ENROLLED_MESSAGE), { variant: 'success' });
          },
          onError: fail,
        },
      );
    } else {
      verify.mutate(
        { speakerId: mode.kind === 'verify-one' ? mode.speaker.speakerId : undefined, audio: a },
        { onSuccess: (res) => setVerified(res.output[0]), onError: fail },
      );
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="speaker-dialog-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="speaker-dialog-title">{enrolled ? t('speakers.enrolledTitle') : t(TITLES[mode.kind])}</DialogTitle>
      {enrolled ? (
        <>
          <DialogContent>
            <Alert severity="success" sx={{ mb: 2 }}>
              {localizeMessage(ENROLLED_MESSAGE)}
            </Alert>
            <Stack
              spacing={1}
              component="dl"
              sx={{ m: 0, '& dt': { color: 'text.secondary', fontSize: 14 }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}
            >
              <dt>{t('speakers.speakerId')}</dt>
              <dd data-testid="enrolled-speaker-id" style={{ fontFamily: 'monospace' }}>
                {enrolled.speakerId}
              </dd>
              <dt>{t('speakers.speakerName')}</dt>
              <dd>{enrolled.speakerName}</dd>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('speakers.close')}</Button>
            <Button
              variant="contained"
              onClick={() =>
                onVerifyEnrolled({ speakerId: enrolled.speakerId, speakerName: enrolled.speakerName, createdOn: new Date().toISOString() })
              }
            >
              {t('speakers.verifyThis')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              {mode.kind === 'verify-one' && (
                <Typography variant="body2">
                  {t('speakers.checkingBefore')} <strong>{mode.speaker.speakerName}</strong> ({mode.speaker.speakerId})
                  {t('speakers.checkingAfter')}
                </Typography>
              )}
              {mode.kind === 'verify-any' && <Typography variant="body2">{t('speakers.comparedWithAll')}</Typography>}
              {mode.kind === 'enroll' && (
                <TextField
                  label={t('speakers.speakerName')}
                  required
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  disabled={busy}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                  autoFocus
                />
              )}
              <ToggleButtonGroup
                exclusive
                size="small"
                value={source}
                onChange={(_e, v: Source | null) => chooseSource(v)}
                aria-label={t('speakers.audioSource')}
                disabled={busy}
              >
                <ToggleButton value="file">{t('speakers.uploadFile')}</ToggleButton>
                <ToggleButton value="record">{t('speakers.record')}</ToggleButton>
                <ToggleButton value="link">{t('speakers.audioLink')}</ToggleButton>
              </ToggleButtonGroup>
              {source === 'file' && (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
                    {t('speakers.chooseFile')}
                    <input
                      hidden
                      type="file"
                      accept={SPEAKER_FILE_ACCEPT}
                      aria-label={t('speakers.audioFile')}
                      onChange={(e) => onFile(e.target.files?.[0])}
                    />
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {file ? file.name : t('speakers.fileHint')}
                  </Typography>
                </Stack>
              )}
              {source === 'record' && (
                <Stack spacing={1}>
                  <AudioRecorder onRecorded={(b) => void onRecorded(b)} disabled={busy} />
                  {recording && (
                    <Box>
                      <Typography variant="body2" color="text.secondary" data-testid="recording-ready">
                        {t('speakers.recordingReady', { seconds: recording.seconds.toFixed(1) })}
                      </Typography>
                      <audio controls src={recording.url} style={{ width: '100%', maxWidth: 360 }} />
                    </Box>
                  )}
                </Stack>
              )}
              {source === 'link' && (
                <TextField
                  label={t('speakers.audioLink')}
                  placeholder="https://example.com/voice.wav"
                  value={link}
                  onChange={(e) => {
                    setLink(e.target.value);
                    setError(null);
                  }}
                  disabled={busy}
                />
              )}
              {error && (
                <Alert severity="error" role="alert">
                  {localizeMessage(error)}
                </Alert>
              )}
              {verified && (
                <Alert severity={verified.verified ? 'success' : 'warning'} data-testid="verify-result">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {localizeMessage(verified.message)}
                  </Typography>
                  <Typography variant="body2">
                    {similarity && t(similarity.key, similarity.params)}
                    {verified.speakerName ? ` · ${verified.speakerName} (${verified.speakerId})` : ''}
                  </Typography>
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {verified ? t('speakers.close') : t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={!canSubmit}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {mode.kind === 'enroll'
                ? busy
                  ? t('speakers.enrolling')
                  : t('speakers.enrollButton')
                : busy
                  ? t('speakers.verifying')
                  : t('speakers.verify')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
