import { useTranslation } from '../../lib/i18n/i18n.ts';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle.ts';

const TEXTS = {
  privacy: {
    title: 'legal.privacyTitle',
    paragraphs: ['legal.privacy1', 'legal.privacy2', 'legal.privacy3'],
  },
  terms: {
    title: 'legal.termsTitle',
    paragraphs: ['legal.terms1', 'legal.terms2', 'legal.terms3'],
  },
} as const;

/** /privacy-policy and /terms-of-use: the footer's legal pages. */
export default function LegalPage({ kind }: { kind: keyof typeof TEXTS }) {
  const { t } = useTranslation();
  const texts = TEXTS[kind];
  usePageTitle(t(texts.title));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {t(texts.title)}
      </Typography>
      {texts.paragraphs.map((p) => (
        <Typography key={p} sx={{ mb: 2 }}>
          {t(p)}
        </Typography>
      ))}
    </Container>
  );
}
