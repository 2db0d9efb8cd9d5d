import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { TablePaging } from '../../../components/TableToolbar.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useProviderPageScope } from '../../../lib/provider-pages.ts';
import { useDeleteGlossaryEntries, useGlossary, type ListedGlossaryEntry } from '../api/glossary.ts';
import { deletedText, entryId, languageLabel } from '../lib/glossary.ts';
import { AddGlossaryDialog } from '../components/AddGlossaryDialog.tsx';

/** The delete confirmation (the spec's wording for deletes, docs/product.md#messages). */
export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete?';

/** The rows-per-page choices of the glossary table; the first is the default. */
const GLOSSARY_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * /glossary?appName&serviceProviderName (signed in; docs/product.md#glossary Glossary page, docs/product.md#entities-and-fields, docs/product.md#validation-rules, docs/product.md#messages): the
 * entries of one of the user's apps for a service provider, with row selection, Add (dialog) and
 * Delete of one row or of the selected rows after a confirm, and loading, empty and error states.
 */
export default function GlossaryPage() {
  const { t } = useTranslation();
  usePageTitle(t('glossary.title'));
  const target = useProviderPageScope();
  const list = useGlossary(target);
  const remove = useDeleteGlossaryEntries(target);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ListedGlossaryEntry[] | null>(null);
  // On a phone one column holds the whole entry, so nothing hides behind a horizontal scroll.
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(GLOSSARY_PAGE_SIZES[0]);
  const rows = useMemo(() => list.data ?? [], [list.data]);
  // Only rows that still exist count as selected (after a delete or a refetch).
  const selectedRows = rows.filter((r) => selected.has(entryId(r)));
  const pageRows = rows.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  if (page > lastPage) setPage(lastPage);

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = pageRows.length > 0 && pageRows.every((r) => selected.has(entryId(r)));
  const someOnPage = pageRows.some((r) => selected.has(entryId(r)));

  const confirmDelete = () => {
    if (!deleting) return;
    const entries = deleting;
    remove.mutate(entries, {
      onSuccess: (message) => {
        enqueueSnackbar(localizeMessage(message || deletedText(entries.length)), { variant: 'success' });
        setSelected((s) => {
          const next = new Set(s);
          for (const e of entries) next.delete(entryId(e));
          return next;
        });
        setDeleting(null);
      },
      onError: (err) => {
        enqueueSnackbar(errorMessage(err), { variant: 'error' });
        setDeleting(null);
      },
    });
  };

  if (!target.appName || !target.serviceProviderName) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          {t('glossary.title')}
        </Typography>
        <EmptyState message={t('glossary.chooseApp')} link={{ to: '/profile', text: t('glossary.goToProfile') }} />
      </Container>
    );
  }

  const body = (
    <QueryState
      query={list}
      loading={t('glossary.loading')}
      errorTitle={t('glossary.loadFailed')}
      empty={rows.length === 0 ? <EmptyState action={<Typography variant="body2">{t('glossary.emptyHint')}</Typography>} /> : undefined}
    >
      {() => (
        <>
          <DataTable
            label={t('glossary.tableLabel', { app: target.appName })}
            sx={{ minWidth: phone ? undefined : 560 }}
            head={
              <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        for (const r of pageRows) {
                          if (allOnPage) next.delete(entryId(r));
                          else next.add(entryId(r));
                        }
                        return next;
                      })
                    }
                    slotProps={{ input: { 'aria-label': t('glossary.selectAll') } }}
                  />
                </TableCell>
                {phone ? (
                  <TableCell>{t('glossary.entry')}</TableCell>
                ) : (
                  <>
                    <TableCell>{t('dashboard.col.sourceLanguage')}</TableCell>
                    <TableCell>{t('dashboard.col.targetLanguage')}</TableCell>
                    <TableCell>{t('glossary.sourceText')}</TableCell>
                    <TableCell>{t('glossary.targetText')}</TableCell>
                  </>
                )}
                <TableCell align="right">{t('profile.action')}</TableCell>
              </TableRow>
            }
          >
            {pageRows.map((r) => {
              const id = entryId(r);
              return (
                <TableRow key={id} hover selected={selected.has(id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(id)}
                      onChange={() => toggle(id)}
                      slotProps={{ input: { 'aria-label': t('glossary.select', { text: r.sourceText }) } }}
                    />
                  </TableCell>
                  {phone ? (
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {languageLabel(r.sourceLanguage)} → {languageLabel(r.targetLanguage)}
                      </Typography>
                      {r.sourceText} = {r.targetText}
                    </TableCell>
                  ) : (
                    <>
                      <TableCell>{languageLabel(r.sourceLanguage)}</TableCell>
                      <TableCell>{languageLabel(r.targetLanguage)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.sourceText}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.targetText}</TableCell>
                    </>
                  )}
                  <TableCell align="right">
                    <Tooltip title={t('glossary.delete')}>
                      <IconButton
                        aria-label={t('glossary.deleteText', { text: r.sourceText })}
                        onClick={() => setDeleting([r])}
                        disabled={remove.isPending}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </DataTable>
          <TablePaging
            count={rows.length}
            page={Math.min(page, lastPage)}
            onPageChange={setPage}
            pageSize={rowsPerPage}
            pageSizes={GLOSSARY_PAGE_SIZES}
            onPageSizeChange={setRowsPerPage}
          />
        </>
      )}
    </QueryState>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Button component={RouterLink} to="/profile" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {t('shell.myProfile')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('glossary.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('glossary.app')} <b>{target.appName}</b> · {t('glossary.provider')} <b>{target.serviceProviderName}</b>
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={selectedRows.length === 0 || remove.isPending}
            onClick={() => setDeleting(selectedRows)}
          >
            {t('glossary.delete')}
            {selectedRows.length ? ` (${selectedRows.length})` : ''}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={list.isError}>
            {t('glossary.add')}
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined">{body}</Paper>
      <AddGlossaryDialog open={adding} target={target} onClose={() => setAdding(false)} />
      <ConfirmDialog
        id="glossary-delete"
        open={!!deleting}
        title={
          deleting && deleting.length > 1
            ? t('glossary.deleteMany', { count: deleting.length })
            : t('glossary.deleteOne', { text: deleting?.[0]?.sourceText ?? '' })
        }
        text={t('glossary.deleteConfirm')}
        confirmLabel={t('glossary.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}
