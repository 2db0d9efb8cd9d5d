import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ExportableGrid } from '../../../components/ExportableGrid.tsx';
import type { ModelRecord } from '@ulca/contracts';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime24 } from '../../../lib/dates.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { useModelFeedback } from '../api/feedback.ts';
import { feedbackCsvName, feedbackQuestionText, feedbackRows, type FeedbackRow } from '../lib/owner-feedback.ts';

const wrap = { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4, py: 1 } as const;

function columnsOf(t: TFunction): GridColDef<FeedbackRow>[] {
  const text = (field: 'input' | 'output' | 'suggestedOutput', header: string, flex: number): GridColDef<FeedbackRow> => ({
    field,
    headerName: header,
    flex,
    minWidth: 160,
    // A text the sender's data tracking did not keep (null) says so; the CSV writes it empty.
    renderCell: (p) => (
      <Box dir="auto" sx={wrap}>
        {p.row[field] ?? (field === 'suggestedOutput' ? '' : t('models.feedback.notKept'))}
      </Box>
    ),
  });
  return [
    {
      field: 'createdOn',
      headerName: t('models.feedback.col.createdOn'),
      type: 'number',
      width: 170,
      align: 'left',
      headerAlign: 'left',
      valueFormatter: (v: number) => formatDateTime24(new Date(v).toISOString()),
    },
    text('input', t('models.feedback.col.input'), 1.2),
    text('output', t('models.feedback.col.output'), 1.2),
    {
      field: 'rating',
      headerName: t('models.feedback.col.rating'),
      type: 'number',
      width: 110,
      align: 'left',
      headerAlign: 'left',
      valueFormatter: (v: number | null) => (v === null || v === undefined ? '-' : String(v)),
    },
    {
      field: 'answers',
      headerName: t('models.feedback.col.answers'),
      flex: 1.2,
      minWidth: 180,
      renderCell: (p) => <Box sx={wrap}>{p.row.answers || '-'}</Box>,
    },
    text('suggestedOutput', t('models.feedback.col.suggestedOutput'), 1.2),
  ];
}

/**
 * The feedback users left on a model, for its owner (the
 * list answers only the owner and ADMINs, docs/api.md#route-groups): received time, input, output,
 * rating, the other answers and the suggested output; quick search and column filters (a rating
 * below 3, a word of the input…), and CSV download of every row (UTF-8 with BOM; the grid
 * neutralises formula-like cells). Brings the data grid: loaded lazily.
 */
export function OwnerFeedback({ model }: { model: ModelRecord }) {
  const { t } = useTranslation();
  const query = useModelFeedback(model.modelId, true);
  return (
    <Box component="section" aria-labelledby="owner-feedback-title" sx={{ mt: 4 }} data-testid="owner-feedback">
      <Typography id="owner-feedback-title" variant="h6" component="h2">
        {t('models.feedback.section')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('models.feedback.lead')}
      </Typography>
      <QueryState query={query} loading={t('models.feedback.loading')} errorTitle={t('models.feedback.loadFailed')}>
        {(res) =>
          res.data.length === 0 ? (
            <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
              {t('models.feedback.none')}
            </Typography>
          ) : (
            <ExportableGrid
              // The platform's questions in the interface language; the answers as the user wrote them.
              rows={feedbackRows(res.data, (q) => feedbackQuestionText(t, q))}
              columns={columnsOf(t)}
              getRowHeight={() => 'auto'}
              label={t('models.feedback.tableLabel')}
              csvFileName={feedbackCsvName(model.name, model.version)}
              sx={{ border: 0 }}
            />
          )
        }
      </QueryState>
    </Box>
  );
}
