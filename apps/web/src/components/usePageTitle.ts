import { useEffect } from 'react';

/** The title the latest render outside a browser asked for (read by src/prerender.tsx); unused in the browser. */
export const renderedTitle: { current: string | null } = { current: null };

/** Sets the browser tab title to "<title> | ULCA" while the calling page is shown. */
export function usePageTitle(title: string): void {
  if (typeof document === 'undefined') renderedTitle.current = title;
  useEffect(() => {
    document.title = `${title} | ULCA`;
  }, [title]);
}
