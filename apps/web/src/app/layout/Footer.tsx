import { useTranslation } from '../../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AppleIcon from '@mui/icons-material/Apple';
import FacebookIcon from '@mui/icons-material/Facebook';
import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import ShopIcon from '@mui/icons-material/Shop';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { SocialNetwork } from '@ulca/contracts';
import { SITE } from './site.ts';
import { hasSiteItems, telHref, useSiteFooter } from './site-footer.ts';

const PROGRAMME_LINKS = [
  { key: 'footer.aboutUlca', to: '/intro' },
  { key: 'shell.dashboard', to: '/dashboard' },
  { key: 'menu.datasetMetrics', to: '/dataset/reports' },
  { key: 'menu.exploreModels', to: '/model/explore-models' },
  { key: 'footer.modelStatus', to: '/status' },
] as const;

const linkSx = { color: 'inherit', display: 'block', py: 0.5 } as const;
const storeSx = {
  color: 'inherit',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.75,
  border: '1px solid rgba(255,255,255,0.4)',
  borderRadius: 1,
  px: 1.25,
  py: 0.75,
  textDecoration: 'none',
} as const;

/** Each social network's icon and its name as the network writes it (a brand, never translated). */
const SOCIAL: Record<SocialNetwork, { Icon: typeof XIcon; name: string }> = {
  x: { Icon: XIcon, name: 'X' },
  facebook: { Icon: FacebookIcon, name: 'Facebook' },
  linkedin: { Icon: LinkedInIcon, name: 'LinkedIn' },
  youtube: { Icon: YouTubeIcon, name: 'YouTube' },
  instagram: { Icon: InstagramIcon, name: 'Instagram' },
  github: { Icon: GitHubIcon, name: 'GitHub' },
};

/**
 * The footer of every page (docs/product.md#what-the-platform-is): programme links, legal links, contact, credit and © 2024,
 * and the operator's address, phone, app-store and social links (server configuration SITE_*,
 * docs/configuration.md#server), each hidden when unset.
 */
/** A column of the footer: its heading `title` and `children`; a navigation landmark named `title` unless `nav` is false. */
function FooterNav({ title, nav = true, children }: { title: string; nav?: boolean; children: ReactNode }) {
  return (
    <Box component={nav ? 'nav' : 'div'} aria-label={nav ? title : undefined}>
      <Typography component="h2" variant="subtitle2" sx={{ color: '#fff', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A link to the mobile app in a store (a new tab). */
function StoreLink({ href, icon, text }: { href: string; icon: ReactNode; text: string }) {
  return (
    <Link href={href} variant="body2" sx={storeSx} rel="noopener noreferrer" target="_blank">
      {icon}
      {text}
    </Link>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const site = useSiteFooter().data;
  const items = hasSiteItems(site) ? site : undefined;
  const apps = items && (items.playStoreUrl || items.appStoreUrl);
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
          <FooterNav title={t('footer.programme')}>
            {PROGRAMME_LINKS.map((l) => (
              <Link key={l.to} component={RouterLink} to={l.to} variant="body2" sx={linkSx}>
                {t(l.key)}
              </Link>
            ))}
            <Link href={`${import.meta.env.BASE_URL}docs`} variant="body2" sx={linkSx}>
              {t('footer.apiDocs')}
            </Link>
          </FooterNav>
          <FooterNav title={t('footer.legal')}>
            <Link component={RouterLink} to="/privacy-policy" variant="body2" sx={linkSx}>
              {t('footer.privacy')}
            </Link>
            <Link component={RouterLink} to="/terms-of-use" variant="body2" sx={linkSx}>
              {t('footer.terms')}
            </Link>
          </FooterNav>
          <FooterNav title={t('footer.contact')} nav={false}>
            <Link href={`mailto:${SITE.contactEmail}`} variant="body2" sx={{ ...linkSx, overflowWrap: 'anywhere' }}>
              {SITE.contactEmail}
            </Link>
            {items?.phone ? (
              <Typography variant="body2" sx={{ py: 0.5 }}>
                <Box component="span" sx={{ opacity: 0.85 }}>
                  {t('site.phone')}:{' '}
                </Box>
                <Link href={telHref(items.phone)} sx={{ color: 'inherit' }}>
                  {items.phone}
                </Link>
              </Typography>
            ) : null}
            {items?.address ? (
              <Typography variant="body2" component="address" sx={{ py: 0.5, fontStyle: 'normal', whiteSpace: 'pre-line' }}>
                <Box component="span" sx={{ opacity: 0.85 }}>
                  {t('site.address')}:{' '}
                </Box>
                {items.address}
              </Typography>
            ) : null}
          </FooterNav>
        </Box>
        {apps || items?.social.length ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mt: 4, justifyContent: 'space-between' }}>
            {apps ? (
              <FooterNav title={t('site.getTheApp')}>
                <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {items.playStoreUrl ? (
                    <StoreLink href={items.playStoreUrl} icon={<ShopIcon fontSize="small" aria-hidden />} text={t('site.googlePlay')} />
                  ) : null}
                  {items.appStoreUrl ? (
                    <StoreLink href={items.appStoreUrl} icon={<AppleIcon fontSize="small" aria-hidden />} text={t('site.appStore')} />
                  ) : null}
                </Stack>
              </FooterNav>
            ) : null}
            {items?.social.length ? (
              <FooterNav title={t('site.followUs')}>
                <Stack direction="row" spacing={0.5}>
                  {items.social.map(({ network, url }) => {
                    const { Icon, name } = SOCIAL[network];
                    return (
                      <IconButton
                        key={`${network}:${url}`}
                        component="a"
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('site.socialLink', { network: name })}
                        sx={{ color: 'inherit' }}
                      >
                        <Icon />
                      </IconButton>
                    );
                  })}
                </Stack>
              </FooterNav>
            ) : null}
          </Stack>
        ) : null}
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
