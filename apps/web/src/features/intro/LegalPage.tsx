import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle.ts';

const TEXTS = {
  privacy: {
    title: 'Privacy policy',
    paragraphs: [
      'ULCA stores the name, e-mail address and role you give when you create an account, and the datasets, models and searches you submit. It uses them only to run the platform: to sign you in, to show your contributions and to tell you about the progress of your submissions.',
      'Published datasets and models carry the submitter name you chose. Your e-mail address is never shown to other users.',
      'You can ask the ULCA team to delete your account at any time using the contact address below.',
    ],
  },
  terms: {
    title: 'Terms of use',
    paragraphs: [
      'By contributing a dataset or model you confirm that you have the right to share it under the licence you declare.',
      'Records downloaded from ULCA must be used according to the licence of each dataset. Do not use the platform to upload personal data without the consent of the people concerned.',
      'The platform is provided as is; the ULCA team may remove content that breaks these terms.',
    ],
  },
} as const;

/** /privacy-policy and /terms-of-use: the footer's legal pages. */
export default function LegalPage({ kind }: { kind: keyof typeof TEXTS }) {
  const t = TEXTS[kind];
  usePageTitle(t.title);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {t.title}
      </Typography>
      {t.paragraphs.map((p) => (
        <Typography key={p} sx={{ mb: 2 }}>
          {p}
        </Typography>
      ))}
    </Container>
  );
}
