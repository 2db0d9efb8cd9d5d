import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle.ts';

/**
 * /dashboard and every unknown path (spec 01 §2). Placeholder: the language-coverage chart with
 * its drill-down levels is built by a later issue.
 */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
        Language coverage of the datasets published on ULCA: how many sentences, hours of speech and images exist for each Indian language, by
        domain, collection method and submitter.
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Alert severity="info">Interactive charts are coming soon.</Alert>
      </Box>
    </Container>
  );
}
