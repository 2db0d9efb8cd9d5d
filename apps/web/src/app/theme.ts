import { INDIC_FONT_FAMILIES } from './fonts.ts';
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** 425 px: large phones (docs/product.md#constants-and-limits theme breakpoints). */
    mobileL: true;
    /** 550 px: phablets. */
    phablet: true;
    /** 640 px: small tablets. */
    tabletS: true;
    /** 650 px: tablets. */
    tabletM: true;
    /** 670 px: wide tablets; the header collapses its menus below this width. */
    tabletL: true;
  }
}

/**
 * Font stack: the bundled Noto faces of app/fonts.ts first (each covers only its script's block,
 * so Latin text never reaches them), then the platform's UI fonts.
 */
const fontFamily = [
  ...INDIC_FONT_FAMILIES.map((f) => `"${f}"`),
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Nirmala UI"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The app's MUI theme: MUI's default breakpoints plus the spec's 425/550/640/650/670 px ones
 * (docs/product.md#constants-and-limits), an accessible blue primary (contrast ≥ 4.5:1 on white) and system fonts.
 */
/** Height of the sticky header bar in pixels at every width; toasts open just below it. */
export const HEADER_HEIGHT_PX = 64;

export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, mobileL: 425, phablet: 550, sm: 600, tabletS: 640, tabletM: 650, tabletL: 670, md: 900, lg: 1200, xl: 1536 },
  },
  palette: {
    primary: { main: '#1f4f96', light: '#4a78c2', dark: '#143668', contrastText: '#ffffff' },
    secondary: { main: '#b4530a', contrastText: '#ffffff' },
    background: { default: '#f6f8fb', paper: '#ffffff' },
    text: { primary: '#1b2330', secondary: '#4a5568' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.4rem', fontWeight: 600 },
    h4: { fontSize: '1.2rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
