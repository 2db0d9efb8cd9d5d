import { useTranslation } from '../../lib/i18n/i18n.ts';
import { useMemo } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Partner types, each an icon in public/logos (our own artwork, no trademarks) and its name from
 * the catalogue, drawn in the icon's colour (every one at least 5:1 on white): the name is text,
 * so it reads in the interface language.
 */
const LOGOS = [
  { file: 'research-labs.svg', name: 'carousel.researchLabs', color: '#1f4f96' },
  { file: 'universities.svg', name: 'carousel.universities', color: '#7a3e9d' },
  { file: 'language-communities.svg', name: 'carousel.languageCommunities', color: '#b4530a' },
  { file: 'startups.svg', name: 'carousel.startups', color: '#0f7b5f' },
  { file: 'public-institutions.svg', name: 'carousel.publicInstitutions', color: '#8a2f3a' },
  { file: 'open-source.svg', name: 'carousel.openSource', color: '#2f6f2f' },
  { file: 'translators.svg', name: 'carousel.translators', color: '#44546a' },
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
                sx={{
                  height: 56,
                  width: '100%',
                  maxWidth: 220,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 1,
                  border: 1,
                  borderColor: `${l.color}40`,
                  borderRadius: '10px',
                  bgcolor: 'background.paper',
                }}
              >
                <Box component="img" src={`${base}logos/${l.file}`} alt="" sx={{ width: 40, height: 40, flex: '0 0 40px' }} />
                <Typography variant="body2" sx={{ color: l.color, fontWeight: 700, lineHeight: 1.25 }}>
                  {t(l.name)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
