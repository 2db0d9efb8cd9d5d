import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { glossaryPath, speakerPagePath, usagePath } from '../../../lib/provider-pages.ts';
import {
  useGenerateServiceProviderKey,
  useRemoveServiceProviderKey,
  useToggleDataTracking,
  type ApiKey,
  type GeneratedProviderKey,
  type ServiceProviderKey,
} from '../api/api-keys.ts';
import { providerKeyText } from '../lib/api-keys.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { OneTimeSecret } from './OneTimeSecret.tsx';

/**
 * The expanded part of an API key row (docs/product.md#profile-and-api-keys Profile, docs/product.md#entities-and-fields): one line per service provider with
 * its inference key (masked; the full value is shown once, right after Generate), Generate or
 * Revoke, the Data Tracking switch (off by default: the platform keeps no inputs or outputs of this
 * key's inference calls to the provider) and the Glossary and Speaker Verification buttons.
 */
export function ProviderKeys({ apiKey, userID }: { apiKey: ApiKey; userID: string }) {
  const { t } = useTranslation();
  if (apiKey.serviceProviderKeys.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {t('profile.noProviders')}
      </Typography>
    );
  }
  return (
    <Box sx={{ py: 1 }}>
      <Table size="small" aria-label={t('profile.providerKeysOf', { app: apiKey.appName })}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
            <TableCell>{t('profile.serviceProvider')}</TableCell>
            <TableCell>{t('profile.inferenceKey')}</TableCell>
            <TableCell>{t('profile.dataTracking')}</TableCell>
            <TableCell align="right">{t('profile.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {apiKey.serviceProviderKeys.map((p) => (
            <ProviderRow key={p.serviceProviderName} provider={p} apiKey={apiKey} userID={userID} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ProviderRow({ provider, apiKey, userID }: { provider: ServiceProviderKey; apiKey: ApiKey; userID: string }) {
  const { t } = useTranslation();
  const generate = useGenerateServiceProviderKey();
  const remove = useRemoveServiceProviderKey();
  const tracking = useToggleDataTracking();
  const [confirming, setConfirming] = useState(false);
  // The full provider key of a successful Generate, shown once; the dialog stays open until Done or Escape.
  const [shown, setShown] = useState<GeneratedProviderKey | null>(null);
  const [shownOpen, setShownOpen] = useState(false);
  const input = { userID, ulcaApiKey: apiKey.ulcaApiKey, serviceProviderName: provider.serviceProviderName };
  const hasKey = !!provider.inferenceApiKey?.value;
  const busy = generate.isPending || remove.isPending || tracking.isPending;
  const fail = (err: unknown) => enqueueSnackbar(errorMessage(err), { variant: 'error' });

  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{provider.serviceProviderName}</TableCell>
      <TableCell
        sx={{ fontFamily: hasKey ? 'monospace' : undefined, color: hasKey ? undefined : 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {providerKeyText(provider.inferenceApiKey)}
      </TableCell>
      <TableCell>
        <Tooltip title={provider.dataTracking ? t('profile.trackingOn') : t('profile.trackingOff')}>
          <span>
            <Switch
              checked={provider.dataTracking}
              disabled={busy}
              onChange={(_e, checked) =>
                tracking.mutate(
                  { ...input, dataTracking: checked },
                  {
                    onSuccess: (m) =>
                      enqueueSnackbar(localizeMessage(m) || (checked ? t('profile.trackingTurnedOn') : t('profile.trackingTurnedOff')), {
                        variant: 'success',
                      }),
                    onError: fail,
                  },
                )
              }
              slotProps={{ input: { 'aria-label': t('profile.trackingFor', { provider: provider.serviceProviderName }) } }}
            />
          </span>
        </Tooltip>
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {hasKey ? (
            <Button size="small" color="error" variant="outlined" disabled={busy} onClick={() => setConfirming(true)}>
              {t('profile.revoke')}
            </Button>
          ) : (
            <Button
              size="small"
              variant="contained"
              disabled={busy}
              onClick={() =>
                generate.mutate(input, {
                  onSuccess: (res) => {
                    setShown(res);
                    setShownOpen(true);
                    enqueueSnackbar(localizeMessage(res.message) || t('profile.providerKeyGenerated'), { variant: 'success' });
                  },
                  onError: fail,
                })
              }
            >
              {generate.isPending ? t('profile.generating') : t('profile.generate')}
            </Button>
          )}
          <Button size="small" variant="outlined" component={RouterLink} to={glossaryPath(apiKey.appName, provider.serviceProviderName)}>
            {t('profile.glossary')}
          </Button>
          <Button size="small" variant="outlined" component={RouterLink} to={usagePath(apiKey.ulcaApiKey)}>
            {t('profileKeys.usage')}
          </Button>
          <Button size="small" variant="outlined" component={RouterLink} to={speakerPagePath(apiKey.appName, provider.serviceProviderName)}>
            {t('profile.speakerVerification')}
          </Button>
        </Stack>
        <Dialog
          open={shownOpen}
          onClose={(_e, reason) => {
            if (reason !== 'backdropClick') setShownOpen(false);
          }}
          aria-labelledby="provider-key-title"
          maxWidth="sm"
          fullWidth
          slotProps={{ transition: { onExited: () => setShown(null) } }}
        >
          {shown ? (
            <OneTimeSecret
              titleId="provider-key-title"
              title={t('profile.providerKeyFor', { provider: shown.data.serviceProviderName, app: apiKey.appName })}
              label={t('profile.inferenceKeyLabel')}
              secret={shown.data.inferenceApiKey.value}
              warning={t('profile.copyNowMasked')}
              onClose={() => setShownOpen(false)}
            />
          ) : null}
        </Dialog>
        <ConfirmDialog
          open={confirming}
          title={t('profile.revokeProviderKey')}
          text={t('profile.revokeProviderConfirm', { provider: provider.serviceProviderName })}
          confirmLabel={t('profile.revoke')}
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(input, {
              onSuccess: (m) => {
                setConfirming(false);
                enqueueSnackbar(localizeMessage(m) || t('profile.providerKeyRevoked'), { variant: 'success' });
              },
              onError: (err) => {
                setConfirming(false);
                fail(err);
              },
            })
          }
        />
      </TableCell>
    </TableRow>
  );
}
