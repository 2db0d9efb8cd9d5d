import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import { DialogButtons } from '../../../components/DialogButtons.tsx';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client.ts';
import { useGenerateApiKey, type GeneratedKey } from '../api/api-keys.ts';
import { canGenerateKey, normaliseAppName } from '../lib/api-keys.ts';
import { OneTimeSecret } from './OneTimeSecret.tsx';
import { FormBox } from '../../../components/FormBox.tsx';

/**
 * The Generate API key dialog (docs/product.md#profile-and-api-keys Profile, docs/product.md#validation-rules): an app name (Generate disabled while it is
 * blank); Escape or Cancel closes it. On success the full key is shown this one time, with a copy
 * button and a warning that it cannot be shown again; a refused name (e.g. 409, a key for this app
 * already exists) shows the server's message in the dialog.
 */
export function GenerateKeyDialog({ open, userID, onClose }: { open: boolean; userID: string; onClose: () => void }) {
  // Held here, not in the body: the dialog must not close (and lose the one-time key) mid-request.
  const generate = useGenerateApiKey();
  const [created, setCreated] = useState<GeneratedKey | null>(null);
  const close = () => {
    if (!generate.isPending) onClose();
  };
  return (
    <Dialog
      open={open}
      // A stray click beside the dialog must not throw the one-time key away; Escape still closes (docs/product.md#screens).
      onClose={(_e, reason) => {
        if (created && reason === 'backdropClick') return;
        close();
      }}
      aria-labelledby="generate-key-title"
      maxWidth="sm"
      fullWidth
      // Forget the key once the dialog has gone, so reopening starts with an empty form.
      slotProps={{
        transition: {
          onExited: () => {
            setCreated(null);
            generate.reset();
          },
        },
      }}
    >
      {created ? (
        <ShowKeyOnce created={created} onClose={close} />
      ) : (
        <GenerateKeyForm userID={userID} generate={generate} onCreated={setCreated} onClose={close} />
      )}
    </Dialog>
  );
}

function GenerateKeyForm({
  userID,
  generate,
  onCreated,
  onClose,
}: {
  userID: string;
  generate: ReturnType<typeof useGenerateApiKey>;
  onCreated: (k: GeneratedKey) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [appName, setAppName] = useState('');

  const submit = () => {
    if (!canGenerateKey(appName) || generate.isPending) return;
    generate.mutate(
      { userID, appName: normaliseAppName(appName) },
      {
        onSuccess: (res) => {
          onCreated(res);
          enqueueSnackbar(localizeMessage(res.message) || t('profile.keyGenerated'), { variant: 'success' });
        },
      },
    );
  };

  return (
    <FormBox onSubmit={submit}>
      <DialogTitle id="generate-key-title">{t('profile.generateTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('profile.generateText')}</DialogContentText>
        <TextField
          label={t('profile.appNameLabel')}
          autoFocus
          value={appName}
          onChange={(e) => setAppName(e.target.value)}
          disabled={generate.isPending}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {generate.isError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(generate.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogButtons
        pending={generate.isPending}
        label={t('profile.generate')}
        pendingLabel={t('profile.generating')}
        disabled={!canGenerateKey(appName)}
        onClose={onClose}
      />
    </FormBox>
  );
}

function ShowKeyOnce({ created, onClose }: { created: GeneratedKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <OneTimeSecret
      titleId="generate-key-title"
      title={t('profile.keyFor', { app: created.data.appName })}
      label={t('profile.yourKey')}
      secret={created.data.ulcaApiKey}
      warning={t('profile.copyNowHash')}
      onClose={onClose}
    />
  );
}
