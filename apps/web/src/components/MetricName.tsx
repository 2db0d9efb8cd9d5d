import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { directionText, findMetric, metricDescription, metricGlossaryPath, metricLabel } from '../lib/metric-glossary.ts';

/**
 * A metric's label with an info icon: hover or focus shows its definition and direction, and a
 * link to the metric definitions section (docs/product.md#screens "tooltip links to a metric definitions page").
 */
export function MetricName({ metric, showDirection = false }: { metric: string; showDirection?: boolean }) {
  const { t } = useTranslation();
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
            <Typography variant="body2">{def ? metricDescription(metric) : t('metrics.noDefinition')}</Typography>
            {def?.available && <Typography variant="caption">{t('metrics.ranking', { direction: directionText(metric) })}</Typography>}
            <Box>
              <Link component={RouterLink} to={metricGlossaryPath(metric)} color="inherit" underline="always" variant="caption">
                {t('metrics.allDefinitions')}
              </Link>
            </Box>
          </Box>
        }
      >
        <Box
          component={RouterLink}
          to={metricGlossaryPath(metric)}
          aria-label={t('benchmarks.glossary.definitionOf', { metric: metricLabel(metric) })}
          onClick={(e) => e.stopPropagation()}
          sx={{ display: 'inline-flex', color: 'text.secondary' }}
        >
          <InfoOutlinedIcon sx={{ fontSize: 16 }} />
        </Box>
      </Tooltip>
    </Box>
  );
}
