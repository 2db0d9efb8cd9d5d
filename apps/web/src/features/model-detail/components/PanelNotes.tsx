import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { MAX_TEXT_CHARS } from '../../../lib/limits.ts';

/**
 * The notes under every try panel (docs/product.md#model-detail-and-try-it-panels): the disclaimer, the transcription note for speech
 * input, and the limit (max 1 minute of speech or max 150 characters of text). The English texts are the original client's (lib/limits.ts NOTES).
 */
export function PanelNotes({ input }: { input: 'text' | 'speech' | 'image' }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('try.notes.title')} sx={{ mt: 3, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography variant="subtitle2">{t('try.notes.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        <strong>{t('try.notes.disclaimer')}</strong>
        {input === 'speech' ? t('try.notes.asr') : t('try.notes.text')} {t('try.notes.hosted')}
      </Typography>
      {input === 'speech' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('try.notes.transcription')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {input === 'speech'
          ? t('try.notes.maxDuration')
          : input === 'text'
            ? t('try.notes.maxCharacters', { max: MAX_TEXT_CHARS })
            : t('try.notes.oneImage')}
      </Typography>
    </Box>
  );
}
