import { i18n } from '../../../lib/i18n/i18n.ts';
import { criteriaSummary, formatRecordCell, formatSearchedOn, isHoursType, recordsText, type SearchSummary } from './search-row.ts';

/** A My Searches row as the table shows it (docs/product.md#entities-and-fields "Search request row"). */
export interface SearchTableRow {
  serviceRequestNumber: string;
  /** Dataset type, source, targets, domain, collection method joined by ' | '. */
  searchCriteria: string;
  /** en-IN, 12-hour, upper case. */
  searchedOn: string;
  /** 'N hrs' for speech types, the record count otherwise, '' while In-Progress. */
  records: string;
  /** The same with its unit where the column header is not in sight (phones): '5 records', '0.001 hrs', ''. */
  recordsWithUnit: string;
  status: string;
  /** A Completed row with a count opens its completed view (docs/product.md#screens). */
  opensResult: boolean;
  /** A Completed row that matched records links to them in the viewer (docs/product.md#dataset-viewer). */
  hasRecords: boolean;
}

/** The table row of a search; `timeZone` is for tests (the page uses the browser's). */
export function toTableRow(s: SearchSummary, timeZone?: string): SearchTableRow {
  return {
    serviceRequestNumber: s.serviceRequestNumber,
    searchCriteria: criteriaSummary(s.datasetType, s.criteria),
    searchedOn: formatSearchedOn(s.timestamp, timeZone),
    records: formatRecordCell(s),
    recordsWithUnit: formatRecordCell(s) && !isHoursType(s.datasetType) ? recordsText(s.count ?? 0) : formatRecordCell(s),
    status: s.status,
    opensResult: s.status === 'Completed' && s.count !== null,
    hasRecords: s.status === 'Completed' && (s.count ?? 0) > 0,
  };
}

/**
 * Rows whose criteria text, service request number, date, record cell or status contains `term`
 * (case-insensitive, docs/product.md#states-and-transitions); a blank term keeps every row.
 */
export function filterSearchRows(rows: readonly SearchTableRow[], term: string): SearchTableRow[] {
  const t = term.trim().toLowerCase();
  if (!t) return [...rows];
  return rows.filter((r) =>
    [
      r.searchCriteria,
      r.serviceRequestNumber,
      r.searchedOn,
      r.records,
      r.status,
      i18n.t(`search.status.${r.status}`, { defaultValue: r.status }),
    ].some((v) => v.toLowerCase().includes(t)),
  );
}
