import { Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import LooksOneOutlinedIcon from '@mui/icons-material/LooksOneOutlined';
import LooksTwoOutlinedIcon from '@mui/icons-material/LooksTwoOutlined';
import Looks3OutlinedIcon from '@mui/icons-material/Looks3Outlined';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { GuideAside } from '../../../components/GuideAside.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { useSearchOptions } from '../api/search-options.ts';
import { SearchForm } from '../components/SearchForm.tsx';
import { CompletedView, InProgressView, SEARCH_FORM_PATH } from '../components/SearchRequestViews.tsx';

/** The guide's steps: an icon and the catalogue key of its text. */
const STEPS = [
  { icon: LooksOneOutlinedIcon, key: 'search.step1' },
  { icon: LooksTwoOutlinedIcon, key: 'search.step2' },
  { icon: Looks3OutlinedIcon, key: 'search.step3' },
] as const;

/** The search form with a short guide beside it; loading, error and empty states for the catalogue. */
function SearchFormScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const options = useSearchOptions();
  const body = (
    <QueryState
      query={options}
      loading={t('search.loadingFilters')}
      errorTitle={t('search.filtersFailed')}
      empty={
        options.data && !options.data.datasetFilterParams.some((t) => t.active) ? (
          <MessageBlock title={t('common.noRecords')} hint={t('search.noneSearchable')} />
        ) : undefined
      }
    >
      {(data) => (session ? <SearchForm options={data} userId={session.userDetails.userID} /> : null)}
    </QueryState>
  );

  return (
    <PageFrame title={t('search.title')} subtitle={t('search.subtitle')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: { xs: 3, md: 4 } }}>
        <Box sx={{ minWidth: 0 }}>{body}</Box>
        <GuideAside title={t('search.howItWorks')} points={STEPS.map((s) => ({ icon: s.icon, text: t(s.key) }))} iconWidth={32}>
          {t('search.keptInMySearches')}
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
  const { t } = useTranslation();
  const { params, srno } = useParams();
  usePageTitle(t('search.title'));
  if (params === 'initiate') return <SearchFormScreen />;
  if (params === 'inprogress' && srno && srno !== '-1') return <InProgressView key={srno} srn={srno} />;
  if (params === 'completed' && srno && srno !== '-1') return <CompletedView key={srno} srn={srno} />;
  return <Navigate to={SEARCH_FORM_PATH} replace />;
}
