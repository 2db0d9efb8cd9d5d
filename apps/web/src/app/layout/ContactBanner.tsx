import { useTranslation } from '../../lib/i18n/i18n.ts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SITE } from './site.ts';

/** The one-line contact banner under the header (docs/product.md#what-the-platform-is). */
export function ContactBanner() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      aria-label={t('shell.contactBannerLabel')}
      sx={{ bgcolor: '#fff4e5', borderBottom: 1, borderColor: '#f3d9b1', px: 2, py: 0.75, textAlign: 'center' }}
    >
      <Typography variant="body2">
        {t('shell.contactBanner')}{' '}
        <Link href={`mailto:${SITE.contactEmail}`} sx={{ fontWeight: 600, color: 'secondary.main', overflowWrap: 'anywhere' }}>
          {SITE.contactEmail}
        </Link>
      </Typography>
    </Box>
  );
}
