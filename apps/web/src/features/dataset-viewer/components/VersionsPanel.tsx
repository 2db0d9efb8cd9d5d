import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DatasetVersion } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { CITE_FORMATS, useCitation, useVersions } from '../api/viewer.ts';
import { formatViewerNumber } from '../lib/names.ts';
import { ScrollTabs } from '../../../components/ScrollTabs.tsx';

/** The Cite dialog of one version: BibTeX, CFF, DataCite JSON, Croissant JSON-LD, dataset card. */
function CiteDialog({ datasetId, version, onClose }: { datasetId: string; version: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<string>('bibtex');
  const text = useCitation(datasetId, version, format);
  return (
    <Dialog open={version !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="cite-title">
      <DialogTitle id="cite-title">{t('viewer.versions.citeVersion', { version })}</DialogTitle>
      <DialogContent>
        <ScrollTabs
          value={format}
          onChange={setFormat}
          label={t('viewer.versions.format')}
          tabs={CITE_FORMATS.map((f) => ({ value: f.format, label: f.format === 'card' ? t('viewer.versions.card') : f.label }))}
        />
        <Box
          component="pre"
          data-testid="citation"
          // It scrolls on small screens: reachable by keyboard, named by the dialog's title.
          tabIndex={0}
          role="region"
          aria-labelledby="cite-title"
          sx={{
            mt: 2,
            p: 1.5,
            bgcolor: 'grey.100',
            borderRadius: 1,
            overflow: 'auto',
            maxHeight: 360,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {text.isLoading ? t('viewer.versions.loading') : text.isError ? t('viewer.versions.citeFailed') : text.data}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(text.data ?? '')} disabled={!text.data}>
          {t('viewer.versions.copy')}
        </Button>
        <Button onClick={onClose}>{t('viewer.versions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Cells shown from the sm breakpoint up, and the row shown below it. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW_ONLY = { display: { xs: 'table-row', sm: 'none' } } as const;

/** A version's Download link and Cite button. */
function VersionActions({ v, onCite }: { v: DatasetVersion; onCite: (version: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1.5 }}>
      <Link href={v.downloadUrl ?? undefined} aria-label={t('viewer.versions.downloadVersion', { version: v.version })}>
        {t('viewer.versions.download')}
      </Link>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onCite(v.version)}
        aria-label={t('viewer.versions.citeVersion', { version: v.version })}
      >
        {t('viewer.versions.cite')}
      </Button>
    </Box>
  );
}

const changeText = (v: DatasetVersion) =>
  v.added === null ? '—' : `+${formatViewerNumber(v.added)} / −${formatViewerNumber(v.removed ?? 0)}`;

/** The versions of a dataset with records added and removed, download and Cite (docs/product.md#dataset-versions). */
export function VersionsPanel({ datasetId, highlight }: { datasetId: string; highlight?: number }) {
  const { t } = useTranslation();
  const versions = useVersions(datasetId);
  const [cite, setCite] = useState<number | null>(null);
  if (!versions.data) return null;
  return (
    <Box component="section" aria-labelledby="versions-title" sx={{ mt: 3 }}>
      <Typography id="versions-title" variant="h6" component="h2">
        {t('viewer.versions.title')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('viewer.versions.title')} sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('viewer.versions.version')}</TableCell>
              <TableCell align="right">{t('viewer.versions.records')}</TableCell>
              <TableCell align="right">{t('viewer.versions.change')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('viewer.versions.sha')}</TableCell>
              <TableCell sx={WIDE_ONLY} />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.data.versions.map((v) => (
              <Fragment key={v.serviceRequestNumber}>
                <TableRow selected={v.version !== null && v.version === highlight}>
                  <TableCell>
                    {v.version ?? (
                      <Typography variant="body2" color="text.secondary">
                        {t(`viewer.versions.status.${v.status}`, { defaultValue: v.status })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{v.recordCount === null ? '—' : formatViewerNumber(v.recordCount)}</TableCell>
                  <TableCell align="right">{changeText(v)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace', fontSize: 12 }}>
                    {v.exportSha256 ? `${v.exportSha256.slice(0, 16)}…` : v.message}
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {v.downloadUrl && <VersionActions v={v} onCite={setCite} />}
                  </TableCell>
                </TableRow>
                {/* Phones: the actions get a row of their own, so long words (Tamil) fit. */}
                {v.downloadUrl && (
                  <TableRow sx={NARROW_ONLY}>
                    <TableCell colSpan={3} align="right">
                      <VersionActions v={v} onCite={setCite} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </Box>
      <CiteDialog datasetId={versions.data.datasetId} version={cite} onClose={() => setCite(null)} />
    </Box>
  );
}
