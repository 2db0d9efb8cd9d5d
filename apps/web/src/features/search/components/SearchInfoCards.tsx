import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DatasetFilterParams } from '../lib/catalogue.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { criteriaEntries, datasetTypeName } from '../lib/search-row.ts';

/** One labelled card: a small caption and its value(s). */
function InfoCard({ label, values }: { label: string; values: string[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'grey.50', minWidth: 0 }} role="group" aria-label={label}>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.4, fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, mt: 0.25, overflowWrap: 'anywhere' }}>
        {values.join(', ')}
      </Typography>
    </Paper>
  );
}

/**
 * The saved search as info cards (docs/product.md#search-and-download completed view): the dataset type, the languages and
 * every filter that was set, without the hidden fields of docs/product.md#entities-and-fields.
 */
export function SearchInfoCards({
  datasetType,
  criteria,
  entry,
}: {
  datasetType: string;
  criteria: Record<string, unknown>;
  entry?: DatasetFilterParams;
}) {
  const { t } = useTranslation();
  const entries = criteriaEntries(criteria, entry);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        gap: 1.5,
      }}
    >
      <InfoCard label={t('search.form.datasetType')} values={[datasetTypeName(datasetType)]} />
      {entries.map((e) => (
        <InfoCard key={e.field} label={e.label} values={e.values} />
      ))}
    </Box>
  );
}
