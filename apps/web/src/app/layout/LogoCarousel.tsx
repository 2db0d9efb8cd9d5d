import { useTranslation } from '../../lib/i18n/i18n.ts';
import { useMemo } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Partner-type logos in public/logos (our own artwork, no trademarks). */
const LOGOS = [
  { file: 'research-labs.svg', alt: 'carousel.researchLabs' },
  { file: 'universities.svg', alt: 'carousel.universities' },
  { file: 'language-communities.svg', alt: 'carousel.languageCommunities' },
  { file: 'startups.svg', alt: 'carousel.startups' },
  { file: 'public-institutions.svg', alt: 'carousel.publicInstitutions' },
  { file: 'open-source.svg', alt: 'carousel.openSource' },
  { file: 'translators.svg', alt: 'carousel.translators' },
] as const;

/** Autoplay interval between slides, in milliseconds (docs/product.md#constants-and-limits). */
export const CAROUSEL_DELAY_MS = 1000;

/**
 * The partner logo carousel shown on every page (docs/product.md#what-the-platform-is, docs/product.md#constants-and-limits): 5 logos visible, 2 under
 * 1024 px, 1 under 600 px; advances every second; pauses on hover and for users who ask for
 * reduced motion.
 */
export function LogoCarousel() {
  const { t } = useTranslation();
  const plugins = useMemo(() => {
    const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    return reduced ? [] : [Autoplay({ delay: CAROUSEL_DELAY_MS, stopOnInteraction: false, stopOnMouseEnter: true })];
  }, []);
  const [viewportRef] = useEmblaCarousel({ loop: true, align: 'start' }, plugins);
  const base = import.meta.env.BASE_URL;

  return (
    <Box
      component="section"
      aria-label={t('carousel.label')}
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: 3 }}
    >
      <Typography component="h2" variant="overline" sx={{ display: 'block', textAlign: 'center', color: 'text.secondary', mb: 1.5 }}>
        {t('carousel.heading')}
      </Typography>
      <Box ref={viewportRef} sx={{ overflow: 'hidden', maxWidth: 1200, mx: 'auto' }}>
        <Box sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom' }}>
          {LOGOS.map((l) => (
            <Box
              key={l.file}
              role="group"
              aria-roledescription="slide"
              sx={{
                flex: '0 0 100%',
                minWidth: 0,
                px: 2,
                display: 'flex',
                justifyContent: 'center',
                '@media (min-width: 600px)': { flex: '0 0 50%' },
                '@media (min-width: 1024px)': { flex: '0 0 20%' },
              }}
            >
              <Box
                component="img"
                src={`${base}logos/${l.file}`}
                alt={t(l.alt)}
                sx={{ height: 56, width: '100%', maxWidth: 220, objectFit: 'contain' }}
              />
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
