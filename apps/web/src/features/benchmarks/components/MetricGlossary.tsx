import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { METRIC_GLOSSARY, directionText, findMetric, metricAnchor, metricGlossaryPath, metricLabel } from '../lib/metrics.ts';

/**
 * The metric definitions section (spec 02 §3 "Metric glossary"): every metric with its direction
 * and a one-line description; each entry has an id (`metric-<name>`) that tooltips link to.
 */
export function MetricGlossary() {
  return (
    <Box component="section" id="metric-definitions" aria-labelledby="metric-definitions-title" sx={{ mt: 4, scrollMarginTop: 80 }}>
      <Typography id="metric-definitions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Metric definitions
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}>
        {METRIC_GLOSSARY.map((m) => (
          <Box key={m.name} sx={{ display: 'contents' }}>
            <Typography component="dt" id={metricAnchor(m.name)} variant="body2" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 }, scrollMarginTop: 80 }}>
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

/**
 * A metric's label with an info icon: hover or focus shows its definition and direction, and a
 * link to the metric definitions section (spec 02 §2 "tooltip links to a metric definitions page").
 */
export function MetricName({ metric, showDirection = false }: { metric: string; showDirection?: boolean }) {
  const def = findMetric(metric);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {metricLabel(metric)}
      {showDirection && (
        <Typography component="span" variant="caption" color="text.secondary">
          ({directionText(metric)})
        </Typography>
      )}
      <Tooltip
        arrow
        title={
          <Box sx={{ p: 0.5 }}>
            <Typography variant="body2">{def ? def.description : 'No definition for this metric.'}</Typography>
            {def?.available && <Typography variant="caption">Ranking: {directionText(metric)}.</Typography>}
            <Box>
              <Link component={RouterLink} to={metricGlossaryPath(metric)} color="inherit" underline="always" variant="caption">
                All metric definitions
              </Link>
            </Box>
          </Box>
        }
      >
        <Box
          component={RouterLink}
          to={metricGlossaryPath(metric)}
          aria-label={`Definition of ${metricLabel(metric)}`}
          onClick={(e) => e.stopPropagation()}
          sx={{ display: 'inline-flex', color: 'text.secondary' }}
        >
          <InfoOutlinedIcon sx={{ fontSize: 16 }} />
        </Box>
      </Tooltip>
    </Box>
  );
}
