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
import { StatusChip } from '../../../components/StatusChip.tsx';
import { useSearchOptions } from '../api/search-options.ts';
import { useSearchStatus } from '../api/search-status.ts';
import {
  criteriaSummary,
  formatSearchedOn,
  isHoursType,
  resultCountText,
  formatHours,
  recordsText,
  type SearchSummary,
} from '../lib/search-row.ts';
import { DownloadLinks } from './DownloadLinks.tsx';
import { SearchInfoCards } from './SearchInfoCards.tsx';

/** The search form's path (docs/product.md#search-and-download: unknown searches land here). */
export const SEARCH_FORM_PATH = '/search-and-download-rec/initiate/-1';
const NOT_FOUND_MESSAGE = 'That search was not found. Start a new one here.';

/** Tells the user once that the search they opened does not exist (or is not theirs), then goes to the form. */
function ToSearchForm() {
  useEffect(() => {
    enqueueSnackbar(NOT_FOUND_MESSAGE, { variant: 'info', preventDuplicate: true });
  }, []);
  return <Navigate to={SEARCH_FORM_PATH} replace />;
}

/** True for the errors after which the srn is to be treated as unknown: 404 (unknown or another user's). */
function isUnknownSearch(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 404 || err.status === 400);
}

/** The link back to My Searches, with this search highlighted there. */
function BackToMySearches({ srn }: { srn: string }) {
  return (
    <Button component={RouterLink} to={`/my-searches/${encodeURIComponent(srn)}`} variant="outlined" startIcon={<ArrowBackIcon />}>
      Back to My Searches
    </Button>
  );
}

/** A failed search: its message and a way to start again. */
function FailedSearch({ summary }: { summary: SearchSummary }) {
  return (
    <PageFrame
      title="Search failed"
      subtitle={`Service Request Number ${summary.serviceRequestNumber}`}
      actions={<BackToMySearches srn={summary.serviceRequestNumber} />}
    >
      <MessageBlock
        kind="error"
        title="This search could not be completed."
        hint={summary.message ?? 'Something went wrong while the records were collected. Please try again.'}
        action={
          <Button component={RouterLink} to={SEARCH_FORM_PATH} variant="contained" startIcon={<SearchIcon />}>
            New search
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
  if (status.isPending) return <LoadingState label="Loading your search…" />;
  if (isUnknownSearch(status.error)) return <ToSearchForm />;
  return (
    <PageFrame title={title}>
      <ErrorState title="Could not load the search" message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
    </PageFrame>
  );
}

/**
 * inprogress/{srno} (docs/product.md#screens, docs/product.md#messages): the service request number while the search runs, a back
 * button to My Searches; the status is polled and the completed view opens when it is ready.
 * An unknown or foreign srno goes to the form.
 */
export function InProgressView({ srn }: { srn: string }) {
  const status = useSearchStatus(srn);
  if (status.isPending || status.isError) return <SearchStatusFallback status={status} title="Search in progress" />;
  const summary = status.data;
  if (summary.status === 'Completed') return <Navigate to={`/search-and-download-rec/completed/${encodeURIComponent(srn)}`} replace />;
  if (summary.status === 'Failed') return <FailedSearch summary={summary} />;
  return (
    <PageFrame
      title="Search in progress"
      subtitle={criteriaSummary(summary.datasetType, summary.criteria)}
      maxWidth="md"
      actions={<BackToMySearches srn={srn} />}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 2, sm: 4 } }}>
        <HourglassTopIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          Your search query has been submitted
        </Typography>
        <Typography>
          Your Service Request Number is{' '}
          <Box
            component="span"
            aria-label="Service request number"
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
        <Typography color="text.secondary">The result will be displayed once it is ready.</Typography>
        <Box sx={{ width: '100%', maxWidth: 360, pt: 1 }}>
          <LinearProgress aria-label="Collecting records" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          You can leave this page: the search keeps running, and My Searches lists it with its result.
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
  const status = useSearchStatus(srn);
  const options = useSearchOptions();
  if (status.isPending || status.isError) return <SearchStatusFallback status={status} title="Search result" />;
  const summary = status.data;
  if (summary.status === 'In-Progress') return <Navigate to={`/search-and-download-rec/inprogress/${encodeURIComponent(srn)}`} replace />;
  if (summary.status === 'Failed') return <FailedSearch summary={summary} />;
  const entry = options.data?.datasetFilterParams.find((t) => t.datasetType === summary.datasetType);
  const count = summary.count ?? 0;
  const countText = resultCountText(summary);

  return (
    <PageFrame
      title="Search result"
      subtitle={`Service Request Number ${srn} · searched on ${formatSearchedOn(summary.timestamp)}`}
      actions={
        <>
          <BackToMySearches srn={srn} />
          <Button component={RouterLink} to={SEARCH_FORM_PATH} variant="contained" startIcon={<SearchIcon />}>
            New search
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              What you searched for
            </Typography>
            <StatusChip status={summary.status} />
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
                Change the search
              </Button>
            }
          >
            <strong>No records match this search.</strong> Nothing was found for these languages and filters, so there is nothing to
            download. Try fewer filters or other languages.
          </Alert>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, gap: 3, alignItems: 'start' }}>
            <Box sx={{ p: 2.5, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {isHoursType(summary.datasetType) ? 'Audio found' : 'Records found'}
              </Typography>
              <Typography variant="h4" component="p" aria-label="Records found" data-count={count} sx={{ fontWeight: 700, mt: 0.5 }}>
                {isHoursType(summary.datasetType) ? formatHours(summary.durationInSeconds ?? 0) : count.toLocaleString('en-IN')}
              </Typography>
              {isHoursType(summary.datasetType) && (
                <Typography variant="body2" sx={{ opacity: 0.85 }}>
                  in {recordsText(count)}
                </Typography>
              )}
            </Box>
            <DownloadLinks files={summary.files} countText={countText} />
          </Box>
        )}
      </Stack>
    </PageFrame>
  );
}
