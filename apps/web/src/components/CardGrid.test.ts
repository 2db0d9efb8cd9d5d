import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { CardGrid } from './CardGrid.tsx';

// The app's theme makes every TextField full width by default (app/theme.ts); rebuilt here because
// shared components may not import the app shell.
const theme = createTheme({ components: { MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } } } });

describe('CardGrid', () => {
  it('keeps the "Cards per page" select compact, not stretched across the row', () => {
    const html = renderToStaticMarkup(
      createElement(
        ThemeProvider,
        { theme },
        createElement(CardGrid<string>, {
          items: ['a', 'b'],
          itemKey: (s) => s,
          card: (s) => ({ title: s, description: s, fields: [] }),
          onOpen: () => {},
        }),
      ),
    );
    const select = /<div class="([^"]*MuiFormControl-root[^"]*)"[^>]*>(?:(?!<\/label>).)*Cards per page/.exec(html);
    expect(select).not.toBeNull();
    expect(select![1]).not.toContain('MuiFormControl-fullWidth');
  });
});
