import { useTranslation } from '../../lib/i18n/i18n.ts';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingState } from '../../components/LoadingState.tsx';
import { UnauthorizedWatcher } from '../UnauthorizedWatcher.tsx';
import { ContactBanner } from './ContactBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { DeferredLogoCarousel } from './DeferredLogoCarousel.tsx';

/** The shell of every page (docs/product.md#what-the-platform-is): header, contact banner, the page, logo carousel, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1, borderRadius: 1 },
        }}
      >
        {t('shell.skipToMain')}
      </Box>
      <UnauthorizedWatcher />
      <Header />
      <ContactBanner />
      {/* The page's place is at least a screen tall, while its chunk and its data load too: the carousel
          and footer stay below the fold instead of showing and then jumping down as the page fills
          (layout shift), and the carousel's code loads only when scrolled to (docs/benchmarks.md#web). */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none', minHeight: '100vh' }}>
        <Suspense
          fallback={
            <Box sx={{ minHeight: '100vh' }}>
              <LoadingState />
            </Box>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
      <DeferredLogoCarousel />
      <Footer />
    </Box>
  );
}
