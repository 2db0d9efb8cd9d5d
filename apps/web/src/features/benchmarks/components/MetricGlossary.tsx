import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { METRIC_GLOSSARY, directionText, metricAnchor, metricDescription, metricLabel } from '../../../lib/metric-glossary.ts';

/**
 * The metric definitions section (docs/product.md#entities-and-fields "Metric glossary"): every metric with its direction
 * and a one-line description, in the interface language (names such as BLEU stay Latin); each entry has an id (`metric-<name>`) that tooltips link to.
 */
export function MetricGlossary() {
  const { t } = useTranslation();
  return (
    <Box component="section" id="metric-definitions" aria-labelledby="metric-definitions-title" sx={{ mt: 4, scrollMarginTop: 80 }}>
      <Typography id="metric-definitions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('benchmarks.glossary.title')}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}
      >
        {METRIC_GLOSSARY.map((m) => (
          <Box key={m.name} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              id={metricAnchor(m.name)}
              variant="body2"
              sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 }, scrollMarginTop: 80 }}
            >
              {metricLabel(m.name)}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                {m.available ? directionText(m.name) : t('benchmarks.glossary.notComputed')}
              </Typography>
            </Typography>
            <Typography component="dd" variant="body2" color={m.available ? 'text.primary' : 'text.secondary'} sx={{ m: 0 }}>
              {metricDescription(m.name)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
