import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryLike } from './QueryState.tsx';

const base: QueryLike<string[]> = { isPending: false, isError: false, error: null, data: undefined, refetch: () => undefined };

function render(
  query: Partial<QueryLike<string[]>>,
  extra: { empty?: ReactNode; noRetry?: (e: unknown) => boolean; keepDataOnError?: boolean } = {},
): string {
  return renderToStaticMarkup(
    createElement(QueryState<string[]>, {
      query: { ...base, ...query },
      loading: 'Loading rows…',
      errorTitle: 'Could not load rows',
      ...extra,
      children: (data: string[]) => `rows: ${data.join(',')}`,
    }),
  );
}

describe('QueryState (the loading → error → empty → content chain)', () => {
  it('shows the loading label while pending, whatever else is set', () => {
    expect(render({ isPending: true, data: [] }, { empty: 'Nothing here' })).toContain('Loading rows…');
  });

  it('shows the titled error with Try again, or without it when noRetry says so', () => {
    const failed = render({ isError: true, error: new Error('boom') });
    expect(failed).toContain('Could not load rows');
    expect(failed).toContain('Something went wrong');
    expect(failed).toContain('Try again');
    expect(render({ isError: true, error: new Error('boom') }, { noRetry: () => true })).not.toContain('Try again');
  });

  it('keeps earlier data on a failed refetch only when asked to', () => {
    expect(render({ isError: true, error: new Error('boom'), data: ['a'] })).toContain('Try again');
    expect(render({ isError: true, error: new Error('boom'), data: ['a'] }, { keepDataOnError: true })).toBe('rows: a');
  });

  it('shows `empty` when given, else the content', () => {
    expect(render({ data: [] }, { empty: 'Nothing here' })).toBe('Nothing here');
    expect(render({ data: ['a', 'b'] })).toBe('rows: a,b');
  });
});
