import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { RecordsBrowser } from '../components/RecordsBrowser.tsx';

/**
 * The records a completed search of the user matched, in the dataset viewer
 * (docs/product.md#dataset-viewer): the same summary, filters and pages of 100 as a dataset's,
 * read from the server (the owner's only), and a way back to the search's result.
 */
export default function SearchViewerPage() {
  const { t } = useTranslation();
  const { srn = '' } = useParams();
  return (
    <RecordsBrowser
      key={srn}
      source={{ serviceRequestNumber: srn }}
      title={() => t('viewer.search.title', { srn })}
      actions={
        <Button
          component={RouterLink}
          to={`/search-and-download-rec/completed/${encodeURIComponent(srn)}`}
          variant="outlined"
          startIcon={<ArrowBackIcon />}
        >
          {t('viewer.search.backToResult')}
        </Button>
      }
    />
  );
}
