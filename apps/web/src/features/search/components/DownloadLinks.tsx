import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { i18n, useTranslation } from '../../../lib/i18n/i18n.ts';
import type { SearchSummary } from '../lib/search-row.ts';

/** The download formats in the order offered, with their button labels (format names, the same in every language, except the zip's). */
export const DOWNLOAD_FORMATS = [
  { key: 'json', label: 'JSON (ULCA)' },
  { key: 'jsonl', label: 'JSONL' },
  { key: 'csv', label: 'CSV' },
  { key: 'parquet', label: 'Parquet' },
  { key: 'zip', label: 'ZIP with media' },
] as const;

/** A format's button label in the interface language. */
function formatLabel(f: (typeof DOWNLOAD_FORMATS)[number]): string {
  return f.key === 'zip' ? i18n.t('search.download.zip') : f.label;
}

/** The formats present in `files`, each with its sample and full link. */
export function offeredFormats(files: SearchSummary['files']): { key: string; label: string; sample: string; all: string }[] {
  return DOWNLOAD_FORMATS.flatMap((f) => {
    const links = files[f.key];
    return links ? [{ key: f.key, label: formatLabel(f), sample: links.sample, all: links.all }] : [];
  });
}

/** One row of download buttons: a heading, a hint, and one link per format. */
function DownloadRow({ title, hint, links }: { title: string; hint: string; links: { key: string; label: string; href: string }[] }) {
  const { t } = useTranslation();
  return (
    <Box role="group" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {hint}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {links.map((l) => (
          <Button
            key={l.key}
            component="a"
            href={l.href}
            download
            variant={l.key === 'json' ? 'contained' : 'outlined'}
            startIcon={<DownloadIcon />}
            aria-label={t('search.download.buttonLabel', { title, format: l.label })}
          >
            {l.label}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Download Sample (the first 100 records) and Download All (docs/product.md#screens), each in every format the
 * server offers: the ULCA JSON array, JSONL, CSV, Parquet, and for speech and OCR searches a zip with the
 * media files. The links are signed for the owner and expire after an hour.
 */
export function DownloadLinks({ files, countText }: { files: SearchSummary['files']; countText: string }) {
  const { t } = useTranslation();
  const formats = offeredFormats(files);
  if (formats.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('search.download.unavailable')}
      </Typography>
    );
  }
  return (
    <Stack spacing={2.5}>
      <DownloadRow
        title={t('search.download.sample')}
        hint={t('search.download.sampleHint')}
        links={formats.map((f) => ({ key: f.key, label: f.label, href: f.sample }))}
      />
      <DownloadRow
        title={t('search.download.all')}
        hint={t('search.download.allHint', { count: countText })}
        links={formats.map((f) => ({ key: f.key, label: f.label, href: f.all }))}
      />
      <Typography variant="caption" color="text.secondary">
        {t('search.download.note')}
      </Typography>
    </Stack>
  );
}
