/**
 * The summary of a set of dataset records (docs/api.md#dataset-viewer): one GROUPING SETS scan read
 * into per-column counts and a histogram. A published dataset's records (viewer.repo.ts) and a
 * search's matched records (search/matched-records.ts) are read the same way.
 */
/** Counts of a dataset's records per value of one column, and a histogram of lengths or durations. */
export interface RecordAggregates {
  records: number;
  counts: Record<'sourceLanguage' | 'targetLanguage' | 'domain' | 'collectionMethod' | 'submitter', { value: string; count: number }[]>;
  /** counts[i] = records with edges[i] ≤ value < edges[i + 1] (the last bin is open). */
  histogram: { measure: 'characters' | 'seconds'; edges: number[]; counts: number[] };
}

/** A row of the GROUPING SETS aggregate over dataset records (one column set, or the total when `g` is 0b111111). */
export interface GroupingSetsCount {
  source_language: string;
  target_language: string;
  domain: string;
  collection_method: string;
  submitter: string;
  bin: number;
  n: string;
  g: number;
}

/**
 * The per-column counts (most frequent first, ties by value) and the histogram of `measure` (one count per
 * bin of `edges`) from the rows of a GROUPING SETS aggregate over source, target, domain, method,
 * submitter and bin: the dataset viewer's and a search's matched records' summary read the same way.
 */
export function aggregatesOfGroupingRows(
  rows: readonly GroupingSetsCount[],
  measure: 'characters' | 'seconds',
  edges: readonly number[],
): RecordAggregates {
  const counts: RecordAggregates['counts'] = { sourceLanguage: [], targetLanguage: [], domain: [], collectionMethod: [], submitter: [] };
  const bins = new Array<number>(edges.length).fill(0);
  let records = 0;
  // GROUPING's bits, most significant first: source, target, domain, method, submitter, bin (1 = rolled up).
  const only = (col: number) => 0b111111 ^ (1 << (5 - col));
  for (const row of rows) {
    const n = Number(row.n);
    if (row.g === 0b111111) records = n;
    else if (row.g === only(0)) counts.sourceLanguage.push({ value: row.source_language, count: n });
    else if (row.g === only(1)) {
      if (row.target_language !== '') counts.targetLanguage.push({ value: row.target_language, count: n });
    } else if (row.g === only(2)) counts.domain.push({ value: row.domain, count: n });
    else if (row.g === only(3)) counts.collectionMethod.push({ value: row.collection_method, count: n });
    else if (row.g === only(4)) counts.submitter.push({ value: row.submitter, count: n });
    else if (row.g === only(5)) bins[Math.max(0, Math.min(edges.length, row.bin) - 1)] += n;
  }
  for (const list of Object.values(counts)) list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { records, counts, histogram: { measure, edges: [...edges], counts: bins } };
}
