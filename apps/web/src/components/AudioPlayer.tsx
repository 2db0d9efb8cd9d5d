import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import { base64ToBytes } from '../lib/wav.ts';

/** Plays base64 WAV (made into a Blob URL, released on change) or an audio URL. */
export function AudioPlayer({ audioContent, audioUri, label }: { audioContent?: string; audioUri?: string; label: string }) {
  const src = useMemo(() => {
    if (audioContent) return URL.createObjectURL(new Blob([base64ToBytes(audioContent) as BlobPart], { type: 'audio/wav' }));
    return audioUri ?? '';
  }, [audioContent, audioUri]);
  useEffect(() => () => (src.startsWith('blob:') ? URL.revokeObjectURL(src) : undefined), [src]);
  return <Box component="audio" controls src={src} aria-label={label} sx={{ display: 'block', width: '100%', maxWidth: 480 }} />;
}
