import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { METRIC_GLOSSARY, directionText, metricAnchor } from '../../../lib/metrics.ts';

/**
 * The metric definitions section (docs/product.md#entities-and-fields "Metric glossary"): every metric with its direction
 * and a one-line description; each entry has an id (`metric-<name>`) that tooltips link to.
 */
export function MetricGlossary() {
  return (
    <Box component="section" id="metric-definitions" aria-labelledby="metric-definitions-title" sx={{ mt: 4, scrollMarginTop: 80 }}>
      <Typography id="metric-definitions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Metric definitions
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
              {m.label}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                {m.available ? directionText(m.name) : 'not computed here'}
              </Typography>
            </Typography>
            <Typography component="dd" variant="body2" color={m.available ? 'text.primary' : 'text.secondary'} sx={{ m: 0 }}>
              {m.description}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
