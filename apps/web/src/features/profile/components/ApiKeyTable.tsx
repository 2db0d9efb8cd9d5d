import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Fragment, useState } from 'react';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRevokeApiKey, type ApiKey } from '../api/api-keys.ts';
import { formatKeyCreatedOn } from '../lib/api-keys.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ProviderKeys } from './ProviderKeys.tsx';

/** The confirmation text of docs/product.md#messages, word for word (space before the question mark included). */
export const REVOKE_CONFIRM_TEXT = 'Are you sure you want to revoke this API key ?';

/**
 * The 'App Integration Details' table (docs/product.md#profile-and-api-keys Profile): App Name, API Key (its identifier; the
 * secret is never listed), Created On and a Revoke per row (after the spec's confirmation); each
 * row expands to its service provider keys.
 */
export function ApiKeyTable({ rows, userID }: { rows: readonly ApiKey[]; userID: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  // The row stays set while the dialog fades out, so its title does not change mid-transition.
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const revoke = useRevokeApiKey();

  return (
    <>
      <DataTable
        label={t('profile.appIntegration')}
        sx={{ minWidth: 640 }}
        head={
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell sx={{ width: 56 }} />
            <TableCell>{t('profile.appName')}</TableCell>
            <TableCell>{t('profile.apiKey')}</TableCell>
            <TableCell>{t('profile.createdOn')}</TableCell>
            <TableCell align="right">{t('profile.action')}</TableCell>
          </TableRow>
        }
      >
        {rows.map((row) => {
          const expanded = open === row.ulcaApiKey;
          return (
            <Fragment key={row.ulcaApiKey}>
              <TableRow sx={{ '& > td': { borderBottom: expanded ? 'unset' : undefined } }}>
                <TableCell>
                  <IconButton
                    size="small"
                    aria-label={
                      expanded ? t('profile.hideProviders', { app: row.appName }) : t('profile.showProviders', { app: row.appName })
                    }
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? null : row.ulcaApiKey)}
                  >
                    {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                  </IconButton>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{row.appName}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.ulcaApiKey}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatKeyCreatedOn(row.createdOn)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    aria-label={t('profile.revokeKeyOf', { app: row.appName })}
                    onClick={() => {
                      setRevoking(row);
                      setConfirmOpen(true);
                    }}
                  >
                    {t('profile.revoke')}
                  </Button>
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={5} sx={{ py: 0, bgcolor: expanded ? 'grey.50' : undefined }}>
                  <Collapse in={expanded} timeout="auto" unmountOnExit>
                    <ProviderKeys apiKey={row} userID={userID} />
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={confirmOpen}
        title={revoking ? t('profile.revokeKeyOf', { app: revoking.appName }) : t('profile.revokeApiKey')}
        text={t('profile.revokeConfirm')}
        confirmLabel={t('profile.revoke')}
        pending={revoke.isPending}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(
            { userID, ulcaApiKey: revoking.ulcaApiKey },
            {
              onSuccess: (m) => enqueueSnackbar(localizeMessage(m) || t('profile.keyRevoked'), { variant: 'success' }),
              onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }),
              onSettled: () => setConfirmOpen(false),
            },
          );
        }}
      />
    </>
  );
}
