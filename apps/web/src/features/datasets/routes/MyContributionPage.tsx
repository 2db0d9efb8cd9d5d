import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { primaryRole, useSession } from '../../../lib/session.ts';
import { contributionTabs, type ContributionTab } from '../lib/tabs.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { BenchmarkDatasetsTab } from '../components/BenchmarkDatasetsTab.tsx';
import { SubmittedDatasetsTab } from '../components/SubmittedDatasetsTab.tsx';

const TAB_LABELS: Record<ContributionTab, string> = { submitted: 'Submitted Dataset', benchmark: 'Benchmark Dataset' };

/** My Contribution for datasets (docs/product.md#dataset-screens): tabs by the first role; `added` highlights a new submission. */
export default function MyContributionPage() {
  const session = useSession();
  const { added } = useParams();
  usePageTitle('My Contribution');
  const tabs = contributionTabs(primaryRole(session));
  const [tab, setTab] = useState<ContributionTab>('submitted');
  const current = tabs.includes(tab) ? tab : tabs[0];
  // On phones the two tab labels fit side by side only when they share the width.
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));

  return (
    <PageFrame
      title="My Contribution"
      subtitle="Datasets you have submitted and how far each has been processed."
      actions={
        tabs.length > 0 && (
          <Button component={RouterLink} to="/dataset/upload" variant="contained" startIcon={<AddIcon />}>
            Submit Dataset
          </Button>
        )
      }
    >
      {tabs.length === 0 ? (
        <MessageBlock
          title="No records found."
          hint="Your account cannot contribute datasets. Contributor accounts can submit datasets and follow them here."
        />
      ) : (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mt: -1 }}>
            <Tabs
              value={current}
              onChange={(_e, v: ContributionTab) => setTab(v)}
              aria-label="Contribution kinds"
              variant={narrow ? 'fullWidth' : 'standard'}
            >
              {tabs.map((t) => (
                <Tab key={t} value={t} label={TAB_LABELS[t]} />
              ))}
            </Tabs>
          </Box>
          {current === 'submitted' ? (
            <SubmittedDatasetsTab userId={session?.userDetails.userID} added={added} />
          ) : (
            <BenchmarkDatasetsTab userId={session?.userDetails.userID} />
          )}
        </>
      )}
    </PageFrame>
  );
}
