import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { ALREADY_PUBLISHED } from '@ulca/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useErrorReport } from '../api/error-report.ts';
import { useSubmissionStatus, type SubmissionStatus } from '../api/submission-status.ts';
import { isSubmissionActive, stageCounts } from '../lib/stages.ts';
import { ErrorSummaryTable } from '../components/ErrorSummaryTable.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { StageTable } from '../components/StageTable.tsx';
import { ProcessStatusChip } from '../components/ProcessStatusChip.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { datasetTypeLabel } from '../lib/format.ts';
import { useDatasetsSlots } from '../lib/slots.ts';
import { datasetViewerPath } from '../../../lib/dataset-navigation.ts';

/** Error code of a record that was already published (merged, not an error of the data). */
const DUPLICATE_RECORD = 'DUPLICATE_RECORD';

/** Changes whenever a stage moves on, so the error report is fetched again (see useErrorReport). */
function progressVersion(s: SubmissionStatus | undefined): string {
  if (!s) return '';
  return [
    s.status ?? '',
    ...s.data.map((r) => `${r.stage}:${r.status}:${(r.details?.processedCount ?? []).map((c) => c.count).join('/')}`),
  ].join('|');
}

/** An outlined button downloading `href`, disabled while there is none (the report is not ready). */
function DownloadButton({ href, children }: { href: string | null; children: ReactNode }) {
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} component="a" href={href ?? undefined} download disabled={!href}>
      {children}
    </Button>
  );
}

/**
 * Dataset status detail (docs/product.md#dataset-screens), /dataset-status/:id with id the service request number:
 * stages with counts, Refresh and auto-refresh while work runs, error report downloads and summary.
 * Stages that never ran show as 'Not Run'; a dataset whose records were all on the platform
 * already says so plainly (no error colours), and such records are listed apart from the errors.
 */
export default function DatasetStatusPage() {
  const { t, lang } = useTranslation();
  const { id = '' } = useParams();
  // The ready-made toggle is features/readymade's, bound by the app shell.
  const { ReadyMadeToggle } = useDatasetsSlots();
  const status = useSubmissionStatus(id);
  const active = isSubmissionActive(status.data);
  const report = useErrorReport(status.data ? id : undefined, progressVersion(status.data));
  const summaryUrl = report.data?.consolidated_file ?? null;
  const detailUrl = report.data?.file ?? null;
  // Records already on the platform are merged with the published ones, not left out: they are
  // listed apart from the errors, and not as a failure.
  const allRows = report.data?.errors ?? [];
  const errorRows = allRows.filter((r) => r.code !== DUPLICATE_RECORD);
  const duplicateRows = allRows.filter((r) => r.code === DUPLICATE_RECORD);
  usePageTitle(
    status.data?.datasetName ? t('datasets.statusPage.pageTitle', { name: status.data.datasetName }) : t('datasets.statusPage.title'),
  );

  if (status.isPending) {
    return (
      <PageFrame title={t('datasets.statusPage.title')} subtitle={t('datasets.statusPage.srn', { id })}>
        <LoadingState label={t('datasets.statusPage.loading')} />
      </PageFrame>
    );
  }
  if (status.isError) {
    const notFound = status.error instanceof ApiRequestError && status.error.status === 404;
    return (
      <PageFrame title={t('datasets.statusPage.title')} subtitle={t('datasets.statusPage.srn', { id })}>
        {notFound ? (
          <MessageBlock
            title={t('datasets.statusPage.notFoundTitle')}
            hint={t('datasets.statusPage.notFoundHint', { id })}
            action={
              <Button component={RouterLink} to="/dataset/my-contribution" variant="outlined">
                {t('datasets.statusPage.goToContribution')}
              </Button>
            }
          />
        ) : (
          <ErrorState
            title={t('datasets.statusPage.loadError')}
            message={localizeMessage(errorMessage(status.error)) ?? ''}
            onRetry={() => void status.refetch()}
          />
        )}
      </PageFrame>
    );
  }

  const data = status.data;
  const inProgress = data.status === 'In-Progress' || data.data.some((r) => r.status === 'In-Progress');
  // A file refused as a whole (unreachable, not a zip, bad params.json…) has no record read at all:
  // say so, rather than speak of records left out.
  const alreadyPublished = data.outcome?.code === ALREADY_PUBLISHED;
  const ingest = data.data.find((r) => r.stage === 'ingest');
  const rejectedWhole =
    data.status === 'Failed' && (!ingest || ((stageCounts(ingest).success ?? 0) === 0 && (stageCounts(ingest).failed ?? 0) === 0));
  const refresh = () => {
    void status.refetch();
    void report.refetch();
  };

  return (
    <PageFrame
      title={data.datasetName || t('datasets.statusPage.title')}
      subtitle={
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
          <span>
            {t('datasets.statusPage.srnLabel')}{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {id}
            </Box>
          </span>
          {data.datasetType && <span>{t('datasets.statusPage.type', { type: datasetTypeLabel(data.datasetType) })}</span>}
          {data.status && <ProcessStatusChip status={data.status} />}
        </Box>
      }
      actions={
        <>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh} disabled={!active || status.isFetching}>
            {t('datasets.statusPage.refresh')}
          </Button>
          <DownloadButton href={summaryUrl}>{t('datasets.statusPage.errorSummary')}</DownloadButton>
          <DownloadButton href={detailUrl}>{t('datasets.statusPage.detailLog')}</DownloadButton>
          {data.status === 'Completed' && data.data[0]?.datasetId && (
            <Button variant="outlined" startIcon={<TableRowsIcon />} component={RouterLink} to={datasetViewerPath(data.data[0].datasetId)}>
              {t('datasets.statusPage.viewRecords')}
            </Button>
          )}
          <Suspense fallback={null}>
            <ReadyMadeToggle serviceRequestNumber={id} datasetId={data.data[0]?.datasetId} status={data.status} />
          </Suspense>
        </>
      }
    >
      {inProgress && (
        <LinearProgress
          aria-label={t('datasets.statusPage.processing')}
          sx={{ mb: 2, mx: { xs: -2, sm: -3 }, mt: { xs: -2, sm: -3 }, borderTopLeftRadius: 4, borderTopRightRadius: 4 }}
        />
      )}
      {active && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('datasets.statusPage.underWay')}
        </Typography>
      )}
      {alreadyPublished && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <AlertTitle>{t('datasets.statusPage.alreadyTitle')}</AlertTitle>
          {(lang === 'en' && data.outcome?.message) || t('datasets.statusPage.alreadyDefault')} {t('datasets.statusPage.alreadyListed')}
        </Alert>
      )}
      {data.data.length === 0 ? (
        <MessageBlock title={t('datasets.statusPage.noStagesTitle')} hint={t('datasets.statusPage.noStagesHint')} />
      ) : (
        <StageTable stages={data.data} datasetType={data.datasetType ?? data.data[0]?.datasetType} />
      )}
      {errorRows.length > 0 && (
        <Stack spacing={1} sx={{ mt: 4 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {t('datasets.statusPage.errorsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {rejectedWhole ? t('datasets.statusPage.rejectedWhole') : t('datasets.statusPage.leftOut')}
          </Typography>
          <ErrorSummaryTable rows={errorRows} />
        </Stack>
      )}
      {duplicateRows.length > 0 && (
        <Stack spacing={1} sx={{ mt: 4 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {t('datasets.statusPage.duplicatesTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('datasets.statusPage.duplicatesText')}
          </Typography>
          <ErrorSummaryTable rows={duplicateRows} label={t('datasets.statusPage.duplicatesTitle')} />
        </Stack>
      )}
    </PageFrame>
  );
}
