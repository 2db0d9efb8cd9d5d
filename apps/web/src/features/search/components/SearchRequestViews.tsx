import { useEffect } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import SearchIcon from '@mui/icons-material/Search';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchOptions } from '../api/search-options.ts';
import { useSearchStatus } from '../api/search-status.ts';
import {
  criteriaSummary,
  formatSearchedOn,
  isHoursType,
  resultCountText,
  formatHours,
  formatCount,
  recordsText,
  type SearchSummary,
} from '../lib/search-row.ts';
import { DownloadLinks } from './DownloadLinks.tsx';
import { SearchInfoCards } from './SearchInfoCards.tsx';
import { SearchStatusChip, searchRecordsPath } from './MySearchesTable.tsx';

/** The search form's path (docs/product.md#search-and-download: unknown searches land here). */
export const SEARCH_FORM_PATH = '/search-and-download-rec/initiate/-1';

/** Tells the user once that the search they opened does not exist (or is not theirs), then goes to the form. */
function ToSearchForm() {
  const { t } = useTranslation();
  useEffect(() => {
    enqueueSnackbar(t('search.message.notFound'), { variant: 'info', preventDuplicate: true });
  }, [t]);
  return <Navigate to={SEARCH_FORM_PATH} replace />;
}

/** True for the errors after which the srn is to be treated as unknown: 404 (unknown or another user's). */
function isUnknownSearch(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 404 || err.status === 400);
}

/** The link back to My Searches, with this search highlighted there. */
function BackToMySearches({ srn }: { srn: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/my-searches/${encodeURIComponent(srn)}`} variant="outlined" startIcon={<ArrowBackIcon />}>
      {t('search.request.back')}
    </Button>
  );
}

/** A failed search: its message and a way to start again. */
function FailedSearch({ summary }: { summary: SearchSummary }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('search.request.failedTitle')}
      subtitle={t('search.request.srnSubtitle', { srn: summary.serviceRequestNumber })}
      actions={<BackToMySearches srn={summary.serviceRequestNumber} />}
    >
      <MessageBlock
        kind="error"
        title={t('search.request.couldNotComplete')}
        hint={localizeMessage(summary.message ?? undefined) ?? t('search.request.failedHint')}
        action={
          <Button component={RouterLink} to={SEARCH_FORM_PATH} variant="contained" startIcon={<SearchIcon />}>
            {t('search.request.newSearch')}
          </Button>
        }
      />
    </PageFrame>
  );
}

/**
 * What a search page shows until its status is loaded: the loading state, the form for an unknown
 * or foreign number, or the error (in a page titled `title`) with Try again.
 */
function SearchStatusFallback({ status, title }: { status: ReturnType<typeof useSearchStatus>; title: string }) {
  const { t } = useTranslation();
  if (status.isPending) return <LoadingState label={t('search.request.loading')} />;
  if (isUnknownSearch(status.error)) return <ToSearchForm />;
  return (
    <PageFrame title={title}>
      <ErrorState title={t('search.request.loadFailed')} message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
    </PageFrame>
  );
}

/**
 * inprogress/{srno} (docs/product.md#screens, docs/product.md#messages): the service request number while the search runs, a back
 * button to My Searches; the status is polled and the completed view opens when it is ready.
 * An unknown or foreign srno goes to the form.
 */
export function InProgressView({ srn }: { srn: string }) {
  const { t } = useTranslation();
  const status = useSearchStatus(srn);
  if (status.isPending || status.isError) return <SearchStatusFallback status={status} title={t('search.request.inProgress')} />;
  const summary = status.data;
  if (summary.status === 'Completed') return <Navigate to={`/search-and-download-rec/completed/${encodeURIComponent(srn)}`} replace />;
  if (summary.status === 'Failed') return <FailedSearch summary={summary} />;
  return (
    <PageFrame
      title={t('search.request.inProgress')}
      subtitle={criteriaSummary(summary.datasetType, summary.criteria)}
      maxWidth="md"
      actions={<BackToMySearches srn={srn} />}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 2, sm: 4 } }}>
        <HourglassTopIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {t('search.request.submitted')}
        </Typography>
        <Typography>
          {t('search.request.yourSrn')}{' '}
          <Box
            component="span"
            aria-label={t('search.request.srn')}
            sx={{
              fontFamily: 'monospace',
              fontWeight: 600,
              px: 1,
              py: 0.25,
              borderRadius: 1,
              bgcolor: 'grey.100',
              overflowWrap: 'anywhere',
            }}
          >
            {srn}
          </Box>
        </Typography>
        <Typography color="text.secondary">{t('search.request.displayedWhenReady')}</Typography>
        <Box sx={{ width: '100%', maxWidth: 360, pt: 1 }}>
          <LinearProgress aria-label={t('search.request.collecting')} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('search.request.canLeave')}
        </Typography>
      </Stack>
    </PageFrame>
  );
}

/**
 * completed/{srno} (docs/product.md#screens): info cards of the saved search, the count (hours for speech
 * types), and Download Sample / Download All in the offered formats; a clear message when nothing
 * matched. A search still running opens the in-progress view; an unknown or foreign one the form.
 */
export function CompletedView({ srn }: { srn: string }) {
  const { t } = useTranslation();
  const status = useSearchStatus(srn);
  const options = useSearchOptions();
  if (status.isPending || status.isError) return <SearchStatusFallback status={status} title={t('search.request.result')} />;
  const summary = status.data;
  if (summary.status === 'In-Progress') return <Navigate to={`/search-and-download-rec/inprogress/${encodeURIComponent(srn)}`} replace />;
  if (summary.status === 'Failed') return <FailedSearch summary={summary} />;
  const entry = options.data?.datasetFilterParams.find((t) => t.datasetType === summary.datasetType);
  const count = summary.count ?? 0;
  const countText = resultCountText(summary);

  return (
    <PageFrame
      title={t('search.request.result')}
      subtitle={t('search.request.resultSubtitle', { srn, date: formatSearchedOn(summary.timestamp) })}
      actions={
        <>
          <BackToMySearches srn={srn} />
          <Button component={RouterLink} to={SEARCH_FORM_PATH} variant="contained" startIcon={<SearchIcon />}>
            {t('search.request.newSearch')}
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('search.request.whatYouSearched')}
            </Typography>
            <SearchStatusChip status={summary.status} />
          </Stack>
          <SearchInfoCards datasetType={summary.datasetType} criteria={summary.criteria} entry={entry} />
        </Box>
        <Divider />
        {count === 0 ? (
          <Alert
            severity="info"
            role="status"
            action={
              <Button component={RouterLink} to={SEARCH_FORM_PATH} color="inherit">
                {t('search.request.changeSearch')}
              </Button>
            }
          >
            <strong>{t('search.request.noMatchTitle')}</strong> {t('search.request.noMatchHint')}
          </Alert>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, gap: 3, alignItems: 'start' }}>
            <Box sx={{ p: 2.5, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {isHoursType(summary.datasetType) ? t('search.request.audioFound') : t('search.request.recordsFound')}
              </Typography>
              <Typography
                variant="h4"
                component="p"
                aria-label={t('search.request.recordsFound')}
                data-count={count}
                sx={{ fontWeight: 700, mt: 0.5 }}
              >
                {isHoursType(summary.datasetType) ? formatHours(summary.durationInSeconds ?? 0) : formatCount(count)}
              </Typography>
              {isHoursType(summary.datasetType) && (
                <Typography variant="body2" sx={{ opacity: 0.85 }}>
                  {t('search.request.inRecords', { records: recordsText(count) })}
                </Typography>
              )}
              <Button
                component={RouterLink}
                to={searchRecordsPath(srn)}
                variant="contained"
                color="inherit"
                size="small"
                sx={{ mt: 1.5, color: 'primary.main', bgcolor: 'common.white' }}
              >
                {t('search.request.viewRecords')}
              </Button>
            </Box>
            <DownloadLinks files={summary.files} countText={countText} />
          </Box>
        )}
      </Stack>
    </PageFrame>
  );
}
