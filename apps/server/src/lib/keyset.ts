/**
 * Every row of a keyset-paged query, read a page at a time so that memory stays one page
 * (docs/benchmarks.md#dataset-versions): calls `page(after, size)` with the key of the last row
 * seen (`null` for the first page) and yields its rows, until a page has fewer than `size` rows.
 * `size` must be at least 1 (RangeError otherwise); errors of `page` propagate to the reader.
 */
export async function* keysetPages<Row, Key>(
  page: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('keysetPages: size must be a whole number of rows, at least 1');
  let after: Key | null = null;
  for (;;) {
    const rows = await page(after, size);
    yield* rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]);
  }
}
