import { Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import LooksOneOutlinedIcon from '@mui/icons-material/LooksOneOutlined';
import LooksTwoOutlinedIcon from '@mui/icons-material/LooksTwoOutlined';
import Looks3OutlinedIcon from '@mui/icons-material/Looks3Outlined';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSession } from '../../../lib/session.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { GuideAside } from '../../../components/GuideAside.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { useSearchOptions } from '../api/search-options.ts';
import { SearchForm } from '../components/SearchForm.tsx';
import { CompletedView, InProgressView, SEARCH_FORM_PATH } from '../components/SearchRequestViews.tsx';

const STEPS = [
  { icon: LooksOneOutlinedIcon, text: 'Choose the dataset type and the languages you need, and narrow them down with filters.' },
  { icon: LooksTwoOutlinedIcon, text: 'Submit: the platform collects every matching published record into downloadable files.' },
  {
    icon: Looks3OutlinedIcon,
    text: 'Download a sample or everything, as ULCA JSON, JSONL or CSV (with the audio or images for speech and OCR data).',
  },
];

/** The search form with a short guide beside it; loading, error and empty states for the catalogue. */
function SearchFormScreen() {
  const session = useSession();
  const options = useSearchOptions();
  const body = (
    <QueryState
      query={options}
      loading="Loading the search filters…"
      errorTitle="Could not load the search filters"
      empty={
        options.data && !options.data.datasetFilterParams.some((t) => t.active) ? (
          <MessageBlock title="No records found." hint="No dataset type can be searched at the moment." />
        ) : undefined
      }
    >
      {(data) => (session ? <SearchForm options={data} userId={session.userDetails.userID} /> : null)}
    </QueryState>
  );

  return (
    <PageFrame title="Search & Download Records" subtitle="Find published records by language and filters, then download them.">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: { xs: 3, md: 4 } }}>
        <Box sx={{ minWidth: 0 }}>{body}</Box>
        <GuideAside title="How it works" points={STEPS} iconWidth={32}>
          Every search is kept in My Searches, so you can come back for its files later.
        </GuideAside>
      </Box>
    </PageFrame>
  );
}

/**
 * /search-and-download-rec/:params/:srno (docs/product.md#search-and-download): `initiate` shows the form, `inprogress` the
 * running search, `completed` its result; any other value goes to the form.
 */
export default function SearchAndDownloadPage() {
  const { params, srno } = useParams();
  usePageTitle('Search & Download Records');
  if (params === 'initiate') return <SearchFormScreen />;
  if (params === 'inprogress' && srno && srno !== '-1') return <InProgressView key={srno} srn={srno} />;
  if (params === 'completed' && srno && srno !== '-1') return <CompletedView key={srno} srn={srno} />;
  return <Navigate to={SEARCH_FORM_PATH} replace />;
}
