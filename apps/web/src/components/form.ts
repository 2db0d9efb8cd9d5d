import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Adapts react-hook-form's `register()` result to MUI TextField props: the ref must reach the
 * <input> (`inputRef`), not the field's root element.
 */
export function fieldProps<N extends string>(
  reg: UseFormRegisterReturn<N>,
): Omit<UseFormRegisterReturn<N>, 'ref'> & { inputRef: UseFormRegisterReturn<N>['ref'] } {
  const { ref, ...rest } = reg;
  return { ...rest, inputRef: ref };
}
