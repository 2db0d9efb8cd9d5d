import { useEffect, useState } from 'react';

/**
 * A Blob URL of `blob` ('' without one), made in an effect and released by its cleanup. Made in an
 * effect rather than a memo: a tree that Suspense hides and shows again re-runs its effects but keeps
 * its memos, and a memoised URL would then be one already released.
 */
export function useObjectUrl(blob: Blob | null | undefined): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!blob) {
      setUrl('');
      return undefined;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
