import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { isUnauthorised } from '../lib/session-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useApiKeys } from '../api/api-keys.ts';
import { searchApiKeys } from '../lib/api-keys.ts';
import { ApiKeyTable } from '../components/ApiKeyTable.tsx';
import { GenerateKeyDialog } from '../components/GenerateKeyDialog.tsx';
import { MyAccount } from '../components/MyAccount.tsx';

/**
 * /profile (signed in; docs/product.md#profile-and-api-keys Profile, docs/product.md#entities-and-fields, docs/api.md#request-signatures): the user's avatar initial, name, e-mail and user
 * id, My account (edit name, change password, delete account: components/MyAccount.tsx), and the 'App Integration Details' table of their API keys with search, Generate and Revoke.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.myProfile'));
  const session = useSession();
  const user = session?.userDetails;
  const keys = useApiKeys(user?.userID);
  const [term, setTerm] = useState('');
  const [generating, setGenerating] = useState(false);
  const rows = useMemo(() => searchApiKeys(keys.data ?? [], term), [keys.data, term]);
  // RequireAuth renders this page only with a session; this keeps the types honest.
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  const body = (
    <QueryState
      query={keys}
      loading={t('profile.loadingKeys')}
      errorTitle={t('profile.loadKeysFailed')}
      noRetry={isUnauthorised}
      empty={
        rows.length === 0 ? (
          <EmptyState
            action={
              !keys.data?.length ? (
                <Typography variant="body2">{t('profile.generateHint')}</Typography>
              ) : (
                <Button variant="outlined" onClick={() => setTerm('')}>
                  {t('profile.clearSearch')}
                </Button>
              )
            }
          />
        ) : undefined
      }
    >
      {() => <ApiKeyTable rows={rows} userID={user.userID} />}
    </QueryState>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('shell.myProfile')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar sx={{ bgcolor: 'secondary.main', width: 64, height: 64, fontSize: '1.75rem' }} aria-hidden>
            {(user.firstName || user.email || '?').trim().charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name || user.email}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('profile.userId')}{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {user.userID}
              </Box>
            </Typography>
          </Box>
        </Stack>
      </Paper>
      <MyAccount user={user} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flexShrink: 0, mr: 2 }}>
            {t('profile.appIntegration')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <TextField
            size="small"
            margin="none"
            placeholder={t('profile.searchPlaceholder')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            sx={{ maxWidth: { sm: 320 } }}
            slotProps={{
              htmlInput: { 'aria-label': t('profile.searchLabel') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setGenerating(true)} sx={{ flexShrink: 0 }}>
            {t('profile.generate')}
          </Button>
        </Stack>
        {body}
      </Paper>
      <GenerateKeyDialog open={generating} userID={user.userID} onClose={() => setGenerating(false)} />
    </Container>
  );
}
