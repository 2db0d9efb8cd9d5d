import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';

/** /profile (signed in): placeholder until the profile and API-key screens of spec 02 land. */
export default function ProfilePlaceholder() {
  usePageTitle('My Profile');
  const session = useSession();
  const u = session?.userDetails;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        My Profile
      </Typography>
      {u ? (
        <Typography color="text.secondary">
          {[u.firstName, u.lastName].filter(Boolean).join(' ')} · {u.email} · User ID {u.userID}
        </Typography>
      ) : null}
      <Alert severity="info" sx={{ mt: 3 }}>
        API keys and app integration details are coming soon.
      </Alert>
    </Container>
  );
}
