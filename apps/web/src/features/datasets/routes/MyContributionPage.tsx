import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { primaryRole, useSession } from '../../../lib/session.ts';
import { contributionTabs, initialTab, TAB_PARAM, type ContributionTab } from '../lib/tabs.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { BenchmarkDatasetsTab } from '../components/BenchmarkDatasetsTab.tsx';
import { SubmittedDatasetsTab } from '../components/SubmittedDatasetsTab.tsx';

const TAB_LABEL_KEYS: Record<ContributionTab, string> = {
  submitted: 'datasets.contribution.tabSubmitted',
  benchmark: 'datasets.contribution.tabBenchmark',
};

/**
 * My Contribution for datasets (docs/product.md#dataset-screens): tabs by the first role; `added` highlights a new
 * submission on the tab named by `?tab=` (a benchmark dataset's on the Benchmark Dataset tab).
 */
export default function MyContributionPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { added } = useParams();
  const [search] = useSearchParams();
  usePageTitle(t('datasets.contribution.title'));
  const tabs = contributionTabs(primaryRole(session));
  const requested = search.get(TAB_PARAM);
  const [tab, setTab] = useState<ContributionTab | undefined>(undefined);
  const current = tab && tabs.includes(tab) ? tab : initialTab(tabs, requested);
  // The added row is highlighted on the tab it was sent to only.
  const addedOn = initialTab(tabs, requested);
  // On phones the two tab labels fit side by side only when they share the width.
  const narrow = useMediaQuery((th: Theme) => th.breakpoints.down('sm'));

  return (
    <PageFrame
      title={t('datasets.contribution.title')}
      subtitle={t('datasets.contribution.subtitle')}
      actions={
        tabs.length > 0 && (
          <Button component={RouterLink} to="/dataset/upload" variant="contained" startIcon={<AddIcon />}>
            {t('datasets.contribution.submitDataset')}
          </Button>
        )
      }
    >
      {!current ? (
        <MessageBlock title={t('common.noRecords')} hint={t('datasets.contribution.noRoleHint')} />
      ) : (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mt: -1 }}>
            <Tabs
              value={current}
              onChange={(_e, v: ContributionTab) => setTab(v)}
              aria-label={t('datasets.contribution.tabsLabel')}
              variant={narrow ? 'fullWidth' : 'standard'}
            >
              {tabs.map((k) => (
                <Tab key={k} value={k} label={t(TAB_LABEL_KEYS[k])} />
              ))}
            </Tabs>
          </Box>
          {current === 'submitted' ? (
            <SubmittedDatasetsTab userId={session?.userDetails.userID} added={addedOn === 'submitted' ? added : undefined} />
          ) : (
            <BenchmarkDatasetsTab userId={session?.userDetails.userID} added={addedOn === 'benchmark' ? added : undefined} />
          )}
        </>
      )}
    </PageFrame>
  );
}
