import { useState } from 'react';
import type { ModelRecord } from '@ulca/contracts';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { domainText, formatEpochPublished, languageText, uptimeText } from '../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { pageSlice } from '../../../lib/paging.ts';
import { RESULT_PAGE_SIZE } from '../lib/explore.ts';
import { modelTaskText } from '../lib/tasks.ts';
import { TablePaging } from '../../../components/TableToolbar.tsx';

/**
 * The wide-screen results of Explore (docs/product.md#explore-models): Task, Model Name, Language ('src - tgt' or
 * 'Multiple'), Domain, Submitter, Published On, and the 7-day uptime of the stored health rounds
 * (`uptimeOf`: modelId → 0–1 share; docs/product.md#models-health); `rows` newest first; a row click
 * (or Enter) opens the model.
 */
export function ExploreResultsTable({
  rows,
  onOpen,
  uptimeOf,
}: {
  rows: readonly ModelRecord[];
  onOpen: (m: ModelRecord) => void;
  uptimeOf?: ReadonlyMap<string, number | null>;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const shown = pageSlice(rows, page, RESULT_PAGE_SIZE);
  return (
    <>
      <DataTable
        label={t('models.explore.tableLabel')}
        sx={{ minWidth: 720 }}
        head={
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell>{t('models.col.task')}</TableCell>
            <TableCell>{t('models.col.modelName')}</TableCell>
            <TableCell>{t('models.col.language')}</TableCell>
            <TableCell>{t('models.col.domain')}</TableCell>
            <TableCell>{t('models.col.submitter')}</TableCell>
            <TableCell>{t('models.col.publishedOn')}</TableCell>
            <TableCell>{t('models.col.uptime7d')}</TableCell>
          </TableRow>
        }
      >
        {shown.items.map((m) => (
          <TableRow
            key={m.modelId}
            hover
            tabIndex={0}
            onClick={() => onOpen(m)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onOpen(m);
            }}
            sx={{ cursor: 'pointer' }}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{modelTaskText(m.task.type)}</TableCell>
            <TableCell sx={{ fontWeight: 500, minWidth: 160, overflowWrap: 'anywhere' }}>{m.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{languageText(m.languages)}</TableCell>
            <TableCell>{domainText(m.domain)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.submitter.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatEpochPublished(m.publishedOn ?? m.submittedOn)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{uptimeText(uptimeOf?.get(m.modelId))}</TableCell>
          </TableRow>
        ))}
      </DataTable>
      <TablePaging
        count={rows.length}
        page={shown.page}
        onPageChange={setPage}
        pageSize={RESULT_PAGE_SIZE}
        labelDisplayedRows={({ from, to, count }) => t('models.pager.displayed', { from, to, count })}
        getItemAriaLabel={(type) => t(`models.pager.${type}`)}
      />
    </>
  );
}
