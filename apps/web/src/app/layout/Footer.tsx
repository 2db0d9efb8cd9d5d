import { useTranslation } from '../../lib/i18n/i18n.ts';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SITE } from './site.ts';

const PROGRAMME_LINKS = [
  { key: 'footer.aboutUlca', to: '/intro' },
  { key: 'shell.dashboard', to: '/dashboard' },
  { key: 'menu.datasetMetrics', to: '/dataset/reports' },
  { key: 'menu.exploreModels', to: '/model/explore-models' },
] as const;

const linkSx = { color: 'inherit', display: 'block', py: 0.5 } as const;

/** The footer of every page (docs/product.md#what-the-platform-is): programme links, legal links, contact, credit and © 2024. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: '#111c2e', color: '#e6ebf2', pt: 5, pb: 3 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', phablet: '1fr 1fr', md: '2fr 1fr 1fr 1fr' } }}>
          <Box>
            <Typography component="p" variant="h3" sx={{ color: '#fff' }}>
              {SITE.name}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, opacity: 0.85, maxWidth: 340 }}>
              {t('footer.tagline', { longName: SITE.longName })}
            </Typography>
          </Box>
          <Box component="nav" aria-label={t('footer.programme')}>
            <Typography component="h2" variant="subtitle2" sx={{ color: '#fff', mb: 1 }}>
              {t('footer.programme')}
            </Typography>
            {PROGRAMME_LINKS.map((l) => (
              <Link key={l.to} component={RouterLink} to={l.to} variant="body2" sx={linkSx}>
                {t(l.key)}
              </Link>
            ))}
            <Link href={`${import.meta.env.BASE_URL}docs`} variant="body2" sx={linkSx}>
              {t('footer.apiDocs')}
            </Link>
          </Box>
          <Box component="nav" aria-label={t('footer.legal')}>
            <Typography component="h2" variant="subtitle2" sx={{ color: '#fff', mb: 1 }}>
              {t('footer.legal')}
            </Typography>
            <Link component={RouterLink} to="/privacy-policy" variant="body2" sx={linkSx}>
              {t('footer.privacy')}
            </Link>
            <Link component={RouterLink} to="/terms-of-use" variant="body2" sx={linkSx}>
              {t('footer.terms')}
            </Link>
          </Box>
          <Box>
            <Typography component="h2" variant="subtitle2" sx={{ color: '#fff', mb: 1 }}>
              {t('footer.contact')}
            </Typography>
            <Link href={`mailto:${SITE.contactEmail}`} variant="body2" sx={{ ...linkSx, overflowWrap: 'anywhere' }}>
              {SITE.contactEmail}
            </Link>
          </Box>
        </Box>
        <Box
          sx={{
            borderTop: '1px solid rgba(255,255,255,0.15)',
            mt: 4,
            pt: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {t('footer.credit')}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {t('footer.copyright', { year: SITE.copyrightYear })}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
