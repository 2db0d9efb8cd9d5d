import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../lib/i18n/i18n.ts';
import { muiLocaleOptions } from './mui-locale.ts';

type Fn = (...a: never[]) => string;

describe("MUI's own texts in the interface language", () => {
  afterAll(async () => {
    await setLanguage('en', false);
  });

  it('words the table pagination and the DataGrid in Tamil and Hindi, with Indian digit grouping', async () => {
    for (const [lang, rows, shown, menu] of [
      ['ta', 'ஒரு பக்கத்துக்கான வரிசைகள்:', '1,00,000 இல் 1–10', 'நெடுவரிசைகளை நிர்வகி'],
      ['hi', 'प्रति पेज पंक्तियाँ:', '1,00,000 में से 1–10', 'कॉलम प्रबंधित करें'],
    ] as const) {
      expect(await setLanguage(lang, false)).toBe(true);
      const o = muiLocaleOptions(i18n.t, `${lang}-IN`).components!;
      const pagination = o.MuiTablePagination!.defaultProps!;
      expect(pagination.labelRowsPerPage).toBe(rows);
      expect((pagination.labelDisplayedRows as Fn)({ from: 1, to: 10, count: 100000, page: 0 } as never)).toBe(shown);
      const grid = o.MuiDataGrid!.defaultProps!.localeText!;
      expect(grid.columnMenuManageColumns).toBe(menu);
      expect((grid.paginationDisplayedRows as Fn)({ from: 1, to: 10, count: 100000 } as never)).toBe(shown);
      expect((grid.footerRowSelected as Fn)(2 as never)).toMatch(/^2 /);
    }
  });
});
