import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['modelDetail', 'models', 'try', 'benchmarks', 'search']);

// The dialog's portal and the collapsed suggest-an-edit section render nothing on the server:
// draw both in place so every button the dialog can show is in the markup.
vi.mock('@mui/material/Dialog', () => ({ default: ({ children }: { children: ReactNode }) => createElement('div', null, children) }));
vi.mock('@mui/material/Collapse', () => ({ default: ({ children }: { children: ReactNode }) => createElement('div', null, children) }));
vi.mock('../api/shared-hooks.ts', () => ({ useFeedbackQuestions: () => ({ data: undefined }) }));
vi.mock('../api/feedback.ts', () => ({
  useSubmitFeedback: () => ({ mutate: () => undefined, isPending: false, isError: false, error: null }),
}));

const { FeedbackDialog } = await import('./FeedbackDialog.tsx');

describe('FeedbackDialog', () => {
  it('has one Submit button, also when suggest-an-edit is open (the suggestion goes with it)', () => {
    const html = renderToStaticMarkup(
      createElement(FeedbackDialog, {
        open: true,
        onClose: () => {},
        task: 'translation',
        modelId: 'm1',
        input: 'a',
        output: 'b',
        editable: true,
      }),
    );
    const buttons = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
    expect(buttons.filter((b) => b === 'Submit')).toHaveLength(1);
    expect(buttons).toContain('Clear');
  });
});
