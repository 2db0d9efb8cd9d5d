import type { UseFormRegisterReturn } from 'react-hook-form';
import { localizeMessage } from '../lib/i18n/i18n.ts';

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

/**
 * {@link fieldProps} with the field's error state: `error` when `fieldError` is set, and as
 * `helperText` its message in the interface language, else `hint`.
 */
export function fieldWithError<N extends string>(
  reg: UseFormRegisterReturn<N>,
  fieldError: { message?: string } | undefined,
  hint?: string,
) {
  return { ...fieldProps(reg), error: !!fieldError, helperText: localizeMessage(fieldError?.message) ?? hint };
}
