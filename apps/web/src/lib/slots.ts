import { createContext, useContext, type Context } from 'react';

/**
 * The slots of one web feature: what it shows or asks of other features, which it may not import
 * (lint: eslint/boundaries.js). The feature declares their type and calls this once (its `lib/slots.ts`);
 * the app shell binds them to the features that own the pieces and provides them around the whole app
 * (app/feature-slots.tsx), so this file names no feature (docs/architecture.md#boundaries).
 */
export function defineSlots<T>(feature: string): { SlotsContext: Context<T | null>; useSlots: () => T } {
  const SlotsContext = createContext<T | null>(null);
  return {
    SlotsContext,
    /** The bound slots. Throws when rendered outside app/providers.tsx (a wiring bug). */
    useSlots: () => {
      const slots = useContext(SlotsContext);
      if (!slots) throw new Error(`The ${feature} slots are not provided: render inside app/providers.tsx`);
      return slots;
    },
  };
}
