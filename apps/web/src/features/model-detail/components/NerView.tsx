import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { legendTags, tagColour, tagName, type NerSegment } from '../lib/ner.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/** NER output (docs/product.md#screens): entities as coloured tags with their type, then a legend by tag. */
export function NerView({ segments }: { segments: NerSegment[] }) {
  const { t } = useTranslation();
  const tags = legendTags(segments);
  return (
    <Box>
      <Box
        sx={{ lineHeight: 2.4, fontSize: '1rem', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 64 }}
        data-testid="ner-output"
      >
        {segments.map((s, i) =>
          s.tag ? (
            <Box
              key={i}
              component="mark"
              sx={{
                bgcolor: `${tagColour(s.tag)}1f`,
                color: 'text.primary',
                border: 1,
                borderColor: tagColour(s.tag),
                borderRadius: 1,
                px: 0.75,
                py: 0.25,
                mx: 0.25,
              }}
            >
              {s.text}
              <Box
                component="span"
                sx={{
                  ml: 0.75,
                  px: 0.5,
                  borderRadius: 0.5,
                  bgcolor: tagColour(s.tag),
                  color: '#fff',
                  fontSize: '0.7rem',
                  fontWeight: 700,
                  verticalAlign: 'middle',
                }}
              >
                {s.tag}
              </Box>
            </Box>
          ) : (
            <span key={i}> {s.text} </span>
          ),
        )}
      </Box>
      {tags.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={2} sx={{ mt: 1.5, flexWrap: 'wrap' }} aria-label={t('modelDetail.ner.legend')}>
          {tags.map((tag) => (
            <Stack key={tag} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: tagColour(tag) }} aria-hidden />
              <Typography variant="body2">{t(`modelDetail.ner.tag.${tag}`, { defaultValue: tagName(tag) })}</Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('modelDetail.ner.none')}
        </Typography>
      )}
    </Box>
  );
}
