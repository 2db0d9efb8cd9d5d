import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['sts', 'search']);

// The dialog's portal renders nothing on the server: draw it in place. The dialog's own rating
// starts at 5 (its only numeric state) so that suggest-an-edit, shown above a rating of 3, is drawn.
vi.mock('@mui/material/Dialog', () => ({ default: ({ children }: { children: ReactNode }) => createElement('div', null, children) }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return { ...react, useState: (init: unknown) => react.useState(init === 0 ? 5 : init) };
});
vi.mock('../lib/slots.ts', () => ({ useStsSlots: () => ({ useFeedbackQuestions: () => ({ data: undefined }) }) }));
vi.mock('../api/sts.ts', () => ({
  useSubmitStsFeedback: () => ({ mutate: () => undefined, reset: () => undefined, isPending: false, isError: false, error: null }),
}));

const { StsFeedbackDialog } = await import('./StsFeedbackDialog.tsx');

describe('StsFeedbackDialog', () => {
  it('has one Submit button while suggest-an-edit is shown (the suggestion goes with it)', () => {
    const html = renderToStaticMarkup(
      createElement(StsFeedbackDialog, {
        open: true,
        onClose: () => {},
        models: { asr: 'a', translation: 'b', tts: 'c' },
        sourceText: 's',
        translation: 't',
      }),
    );
    const buttons = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
    expect(buttons).toContain('Clear');
    expect(buttons.filter((b) => b === 'Submit')).toHaveLength(1);
  });
});
