import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

const LogoCarousel = lazy(() => import('./LogoCarousel.tsx').then((m) => ({ default: m.LogoCarousel })));

/** Height the carousel takes (heading, 56 px logos, padding and border), reserved before it loads so nothing moves. */
export const CAROUSEL_HEIGHT_PX = 149;

/**
 * The logo carousel (docs/product.md#what-the-platform-is), loaded when its place scrolls into view: on a
 * phone it is far below the first screen, and its carousel library need not be part of the first
 * load. Its height is reserved meanwhile.
 */
export function DeferredLogoCarousel() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <Box ref={ref} sx={{ minHeight: CAROUSEL_HEIGHT_PX, bgcolor: 'background.paper' }}>
      {near && (
        <Suspense fallback={null}>
          <LogoCarousel />
        </Suspense>
      )}
    </Box>
  );
}
