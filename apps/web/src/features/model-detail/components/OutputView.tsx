import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { formatScore, type TryOutput } from '../lib/inference-output.ts';
import { AudioPlayer } from '../../../components/AudioPlayer.tsx';
import { NerView } from './NerView.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip title={copied ? t('modelDetail.output.copied') : t('modelDetail.output.copy')}>
      <IconButton
        size="small"
        aria-label={t('modelDetail.output.copyOutput')}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true));
        }}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A model's answer as the panel shows it: text, suggestions, audio, detected languages or genders, or NER tags. */
export function OutputView({ output }: { output: TryOutput }) {
  const { t } = useTranslation();
  switch (output.kind) {
    case 'text':
      return (
        <Box
          sx={{
            position: 'relative',
            p: 1.5,
            pr: 5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            minHeight: 64,
            bgcolor: 'action.hover',
          }}
        >
          {/* dir="auto": Urdu (and any right-to-left output) reads from the right. */}
          <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="try-output">
            {output.text || '—'}
          </Typography>
          <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
            <CopyButton text={output.text} />
          </Box>
        </Box>
      );
    case 'suggestions':
      return (
        <Box>
          <Box sx={{ position: 'relative', p: 1.5, pr: 5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography dir="auto" sx={{ fontSize: '1.1rem' }} data-testid="try-output">
              {output.suggestions[0]}
            </Typography>
            <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
              <CopyButton text={output.suggestions[0]} />
            </Box>
          </Box>
          {output.suggestions.length > 1 && (
            <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {t('modelDetail.output.otherSuggestions')}
              </Typography>
              {output.suggestions.slice(1).map((s) => (
                <Chip key={s} label={s} size="small" variant="outlined" />
              ))}
            </Stack>
          )}
        </Box>
      );
    case 'audio':
      return <AudioPlayer audioContent={output.audioContent} audioUri={output.audioUri} label={t('modelDetail.output.generatedSpeech')} />;
    case 'languages':
    case 'genders': {
      const items =
        output.kind === 'languages'
          ? output.predictions.map((p) => ({
              key: p.code,
              text: p.label === p.code ? p.code : `${p.label} (${p.code})`,
              score: formatScore(p.score),
            }))
          : output.predictions.map((p) => ({
              key: p.gender,
              text: t(`modelDetail.output.gender.${p.gender}`, { defaultValue: p.gender.charAt(0).toUpperCase() + p.gender.slice(1) }),
              score: formatScore(p.score),
            }));
      if (items.length === 0) return <Typography color="text.secondary">{t('modelDetail.output.noPrediction')}</Typography>;
      return (
        <Stack spacing={1} data-testid="try-output">
          {items.map((item, i) => (
            <Stack key={`${item.key}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip label={item.text} color={i === 0 ? 'primary' : 'default'} variant={i === 0 ? 'filled' : 'outlined'} />
              {item.score && (
                <Typography variant="body2" color="text.secondary">
                  {item.score}
                </Typography>
              )}
            </Stack>
          ))}
        </Stack>
      );
    }
    case 'ner':
      return <NerView segments={output.segments} />;
  }
}
