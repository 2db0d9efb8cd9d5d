import { useEffect, useState } from 'react';

/** `value`, updated only once it has stayed unchanged for `ms` milliseconds (typing does not fire a request per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
