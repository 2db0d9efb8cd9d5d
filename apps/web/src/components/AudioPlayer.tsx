import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { base64ToBytes } from '../lib/wav.ts';
import { useObjectUrl } from '../lib/useObjectUrl.ts';

/** Plays base64 WAV (as a Blob URL, lib/useObjectUrl.ts) or an audio URL. */
export function AudioPlayer({ audioContent, audioUri, label }: { audioContent?: string; audioUri?: string; label: string }) {
  const blob = useMemo(
    () => (audioContent ? new Blob([base64ToBytes(audioContent) as BlobPart], { type: 'audio/wav' }) : null),
    [audioContent],
  );
  const blobUrl = useObjectUrl(blob);
  const src = audioContent ? blobUrl : (audioUri ?? '');
  return (
    <Box component="audio" controls src={src || undefined} aria-label={label} sx={{ display: 'block', width: '100%', maxWidth: 480 }} />
  );
}
