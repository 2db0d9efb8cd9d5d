import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkRemoveOutlinedIcon from '@mui/icons-material/BookmarkRemoveOutlined';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useMarkReadyMade } from '../api/mark-readymade.ts';
import { useReadyMadeList } from '../api/readymade-list.ts';

/**
 * "Mark as ready-made" / "Remove from ready-made" for the Dataset status page. Shown
 * only to an ADMIN, and only for a Completed submission; whether the dataset is listed comes from
 * the public ready-made list. Renders nothing otherwise. The server enforces the role too.
 */
export function ReadyMadeToggle({
  serviceRequestNumber,
  datasetId,
  status,
}: {
  serviceRequestNumber: string;
  datasetId: string | null | undefined;
  status: string | null | undefined;
}) {
  const session = useSession();
  const isAdmin = !!session?.userDetails.roles.includes('ADMIN');
  if (!isAdmin || status !== 'Completed' || !datasetId) return null;
  return <Toggle serviceRequestNumber={serviceRequestNumber} datasetId={datasetId} />;
}

function Toggle({ serviceRequestNumber, datasetId }: { serviceRequestNumber: string; datasetId: string }) {
  const { t } = useTranslation();
  const list = useReadyMadeList();
  const mark = useMarkReadyMade();
  const listed = !!list.data?.data.some((d) => d.datasetId === datasetId);
  const busy = list.isPending || list.isFetching || mark.isPending;
  const onClick = () =>
    mark.mutate(
      { serviceRequestNumber, readyMade: !listed },
      {
        onSuccess: (r) => enqueueSnackbar(localizeMessage(r.message), { variant: 'success' }),
        onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }),
      },
    );
  if (list.isError) {
    return (
      <Button variant="outlined" onClick={() => void list.refetch()}>
        {t('readymade.statusUnavailable')}
      </Button>
    );
  }
  return (
    <Button
      variant="outlined"
      color={listed ? 'secondary' : 'primary'}
      onClick={onClick}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : listed ? <BookmarkRemoveOutlinedIcon /> : <BookmarkAddOutlinedIcon />}
    >
      {listed ? t('readymade.remove') : t('readymade.mark')}
    </Button>
  );
}
