import { useTranslation } from '../../lib/i18n/i18n.ts';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';

const FEATURES = [
  {
    icon: StorageOutlined,
    title: 'intro.datasetsTitle',
    text: 'intro.datasetsText',
    to: '/dataset/readymade-datasets',
    cta: 'intro.datasetsCta',
  },
  {
    icon: SmartToyOutlined,
    title: 'intro.modelsTitle',
    text: 'intro.modelsText',
    to: '/model/explore-models',
    cta: 'intro.modelsCta',
  },
  {
    icon: LeaderboardOutlined,
    title: 'intro.benchmarksTitle',
    text: 'intro.benchmarksText',
    to: '/model/benchmark-datasets',
    cta: 'intro.benchmarksCta',
  },
] as const;

/** /intro: the landing page behind the header title (docs/product.md#what-the-platform-is). */
export default function IntroPage() {
  const { t } = useTranslation();
  usePageTitle(t('intro.pageTitle'));
  const session = useSession();
  return (
    <>
      <Box component="section" sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', py: { xs: 5, sm: 8 } }}>
        <Container maxWidth="lg">
          <Typography component="h1" variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.6rem' }, maxWidth: 760 }}>
            {t('intro.heading')}
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 680, fontSize: '1.1rem', opacity: 0.92 }}>{t('intro.lead')}</Typography>
          <Stack direction={{ xs: 'column', mobileL: 'row' }} spacing={2} sx={{ mt: 4 }}>
            <Button component={RouterLink} to="/dashboard" variant="contained" color="secondary" size="large">
              {t('intro.viewDashboard')}
            </Button>
            {session ? (
              <Button component={RouterLink} to="/dataset/upload" variant="outlined" color="inherit" size="large">
                {t('intro.submitDataset')}
              </Button>
            ) : (
              <Button component={RouterLink} to="/user/register" variant="outlined" color="inherit" size="large">
                {t('intro.createAccount')}
              </Button>
            )}
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" component="section" sx={{ py: { xs: 4, sm: 6 } }} aria-labelledby="intro-what">
        <Typography id="intro-what" component="h2" variant="h2" gutterBottom>
          {t('intro.whatYouCanDo')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map(({ icon: Icon, title, text, to, cta }) => (
            <Card key={title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Icon color="primary" fontSize="large" aria-hidden />
                <Typography component="h3" variant="h3" sx={{ mt: 1 }}>
                  {t(title)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t(text)}
                </Typography>
              </CardContent>
              <Box sx={{ px: 2, pb: 2 }}>
                <Button component={RouterLink} to={to}>
                  {t(cta)} →
                </Button>
              </Box>
            </Card>
          ))}
        </Box>
      </Container>
    </>
  );
}
