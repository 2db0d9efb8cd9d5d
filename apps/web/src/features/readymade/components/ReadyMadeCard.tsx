import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  dataKind,
  domainLabel,
  formatPublishedOn,
  formatRecordCount,
  languageText,
  licenseLabel,
  datasetTypeText,
  type ReadyMadeDataset,
} from '../lib/readymade-filters.ts';
import { DownloadButton } from './DownloadButton.tsx';

/**
 * One ready-made dataset (docs/product.md#ready-made-datasets): task, name, source, target, type, license, domain,
 * submitter, published on, plus the record count, and the Download button.
 */
export function ReadyMadeCard({ dataset }: { dataset: ReadyMadeDataset }) {
  const { t } = useTranslation();
  const titleId = useId();
  // [data-field (the spec's English name, stable for tests), catalogue key, value]
  const fields: [string, string, string][] = [
    ['Source', 'source', languageText(dataset.sourceLanguage)],
    ['Target', 'target', languageText(dataset.targetLanguage)],
    ['Type', 'type', t(`readymade.kind.${dataKind(dataset.datasetType)}`)],
    ['License', 'license', licenseLabel(dataset.license)],
    ['Domain', 'domain', dataset.domain.length ? dataset.domain.map(domainLabel).join(', ') : '-'],
    ['Submitter', 'submitter', dataset.submitterName ?? '-'],
    ['Published On', 'publishedOn', formatPublishedOn(dataset.publishedOn)],
    ['Records', 'records', formatRecordCount(dataset.recordCount)],
  ];
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700, lineHeight: 1.5, letterSpacing: 0.6 }}>
          {datasetTypeText(dataset.datasetType)}
        </Typography>
        <Typography
          id={titleId}
          variant="h6"
          component="h2"
          sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1.5, overflowWrap: 'anywhere' }}
        >
          {dataset.datasetName}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
          {fields.map(([label, key, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`readymade.field.${key}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-field={label}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'flex-end' }}>
        <DownloadButton datasetId={dataset.datasetId} datasetName={dataset.datasetName} />
      </CardActions>
    </Card>
  );
}
