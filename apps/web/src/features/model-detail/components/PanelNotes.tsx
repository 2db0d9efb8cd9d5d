import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { NOTES } from '../../../lib/limits.ts';

/**
 * The notes under every try panel (docs/product.md#model-detail-and-try-it-panels): the disclaimer, the transcription note for speech
 * input, and the limit (max 1 minute of speech or max 150 characters of text).
 */
export function PanelNotes({ input }: { input: 'text' | 'speech' | 'image' }) {
  return (
    <Box component="section" aria-label="Notes" sx={{ mt: 3, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography variant="subtitle2">Notes</Typography>
      <Typography variant="body2" color="text.secondary">
        <strong>{NOTES.disclaimer}</strong>
        {input === 'speech' ? NOTES.asr : NOTES.translation.replace('the translation', 'the result')} A model hosted by its contributor may
        be slow or unavailable; its output is the model&apos;s own.
      </Typography>
      {input === 'speech' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {NOTES.transcription}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {input === 'speech' ? NOTES.maxDuration : input === 'text' ? NOTES.maxCharacters : 'Images: one image per try.'}
      </Typography>
    </Box>
  );
}
