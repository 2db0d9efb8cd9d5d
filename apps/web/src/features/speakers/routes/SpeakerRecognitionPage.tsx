import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import { DialogButtons } from '../../../components/DialogButtons.tsx';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useProviderPageScope } from '../../../lib/provider-pages.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { useDeleteSpeakers, useSpeakers, type Speaker } from '../api/speakers.ts';
import { SpeakerDialog, type SpeakerDialogMode } from '../components/SpeakerDialog.tsx';
import { SPEAKER_FALLBACK_ERROR } from '../lib/speaker-audio.ts';

/** The enrolment date moves under the name on narrow screens, so the actions stay in view. */
const HIDE_ON_PHONE = { display: { xs: 'none', md: 'table-cell' } } as const;

const errorText = (err: unknown) => (err instanceof ApiRequestError && err.message ? err.message : SPEAKER_FALLBACK_ERROR);

/**
 * /ulca/speaker-recognition?appName&serviceProviderName (docs/product.md#speaker-recognition, signed in): the speakers of
 * one application and provider (ID, name, enrolment date) with loading, empty and error states (a
 * failed fetch shows no list, only the error), Enroll and Verify (any speaker) buttons, per-row
 * Verify and Delete (with the spec's confirmation).
 */
export default function SpeakerRecognitionPage() {
  const { t } = useTranslation();
  usePageTitle(t('speakers.title'));
  const scope = useProviderPageScope();
  const speakers = useSpeakers(scope);
  const remove = useDeleteSpeakers(scope);
  const [dialog, setDialog] = useState<{ open: boolean; mode: SpeakerDialogMode }>({ open: false, mode: { kind: 'enroll' } });
  const [deleting, setDeleting] = useState<Speaker | null>(null);
  const open = (mode: SpeakerDialogMode) => setDialog({ open: true, mode });

  if (!scope.appName || !scope.serviceProviderName) {
    return (
      <PageFrame title={t('speakers.title')}>
        <EmptyState message={t('speakers.chooseApp')} link={{ to: '/profile', text: t('speakers.goToProfile') }} />
      </PageFrame>
    );
  }

  const list = speakers.isError ? [] : (speakers.data ?? []);
  return (
    <PageFrame
      title={t('speakers.title')}
      subtitle={`${scope.appName} · ${scope.serviceProviderName}`}
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => open({ kind: 'enroll' })}>
            {t('speakers.enroll')}
          </Button>
          <Button variant="outlined" onClick={() => open({ kind: 'verify-any' })} disabled={list.length === 0}>
            {t('speakers.verifySpeaker')}
          </Button>
        </Stack>
      }
    >
      <Alert severity="info" sx={{ m: 2 }} data-testid="speaker-baseline-note">
        {t('speakers.baselineNote')}
      </Alert>
      <QueryState
        query={speakers}
        loading={t('speakers.loading')}
        errorText={(err) => localizeMessage(errorText(err)) ?? ''}
        empty={list.length === 0 ? <EmptyState /> : undefined}
      >
        {() => (
          <DataTable
            size="small"
            label={t('speakers.tableLabel')}
            head={
              <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
                <TableCell>{t('speakers.speakerId')}</TableCell>
                <TableCell>{t('speakers.speakerName')}</TableCell>
                <TableCell sx={HIDE_ON_PHONE}>{t('speakers.enrolled')}</TableCell>
                <TableCell align="right">{t('profile.actions')}</TableCell>
              </TableRow>
            }
          >
            {list.map((s) => (
              <TableRow key={s.speakerId}>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', minWidth: 90 }}>{s.speakerId}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {s.speakerName}
                  <Box component="span" sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: 12 }}>
                    {formatDateTime12(s.createdOn)}
                  </Box>
                </TableCell>
                <TableCell sx={{ ...HIDE_ON_PHONE, whiteSpace: 'nowrap' }}>{formatDateTime12(s.createdOn)}</TableCell>
                <TableCell align="right">
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    useFlexGap
                    sx={{ justifyContent: 'flex-end', alignItems: 'flex-end', flexWrap: 'wrap' }}
                  >
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => open({ kind: 'verify-one', speaker: s })}
                      aria-label={t('speakers.verifyName', { name: s.speakerName })}
                    >
                      {t('speakers.verify')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      onClick={() => setDeleting(s)}
                      aria-label={t('speakers.deleteName', { name: s.speakerName })}
                    >
                      {t('glossary.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </QueryState>
      <SpeakerDialog
        open={dialog.open}
        mode={dialog.mode}
        scope={scope}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onVerifyEnrolled={(speaker) => {
          setDialog((d) => ({ ...d, open: false }));
          // Reopen in "verify this speaker" mode once the success view has closed.
          setTimeout(() => open({ kind: 'verify-one', speaker }), 250);
        }}
      />
      <Dialog open={!!deleting} onClose={() => !remove.isPending && setDeleting(null)} aria-labelledby="speaker-delete-title">
        <DialogTitle id="speaker-delete-title">{t('speakers.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('speakers.deleteConfirm')}</DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {t('speakers.willBeRemoved', { name: deleting?.speakerName ?? '', id: deleting?.speakerId ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogButtons
          pending={remove.isPending}
          label={t('glossary.delete')}
          color="error"
          onConfirm={() =>
            deleting &&
            remove.mutate([deleting.speakerId], {
              onSuccess: (res) => {
                setDeleting(null);
                enqueueSnackbar(localizeMessage(res.message), { variant: 'success' });
              },
              onError: (err) => {
                setDeleting(null);
                enqueueSnackbar(localizeMessage(errorText(err)), { variant: 'error' });
              },
            })
          }
          onClose={() => setDeleting(null)}
        />
      </Dialog>
    </PageFrame>
  );
}
