import { describe, expect, it } from 'vitest';
import { closingOf, csvLine, REPORT_COLUMNS, type ReportRow, reportCells, reportTotals, totalsCells } from './index';

function row(overrides: Partial<ReportRow> = {}): ReportRow {
  return {
    materialId: 'm1',
    name: 'Cement OPC',
    categoryname: 'Binders',
    materialname: 'N/A',
    materialName: 'N/A',
    size: '50 kg',
    unit: 'bag',
    previousQuantity: 110,
    restockedQuantity: 30,
    transferQuantity: 0,
    transferredInQuantity: 0,
    transferredOutQuantity: 0,
    consumedQuantity: 15,
    damagedQuantity: 2,
    refundQuantity: 0,
    adjustmentQuantity: 0,
    currentAvailableQuantity: 123,
    restockDate: '2026-03-15',
    remarks: null,
    storeName: 'Riverside',
    ...overrides,
  };
}

describe('report cells', () => {
  it('prints dd/mm/yyyy, N/A for empty text and 0 for a missing number', () => {
    expect(reportCells(row({ categoryname: '', remarks: null, restockDate: null, transferQuantity: Number.NaN }))).toEqual([
      'N/A',
      'Cement OPC',
      'N/A',
      'N/A',
      '50 kg',
      'bag',
      110,
      30,
      0,
      0,
      15,
      2,
      0,
      0,
      0,
      123,
      'N/A',
    ]);
    expect(reportCells(row())[0]).toBe('15/03/2026');
  });

  it('sums each quantity column into a totals row that keeps the row identity', () => {
    const rows = [
      row(),
      row({
        previousQuantity: 5,
        restockedQuantity: 0,
        consumedQuantity: 0,
        damagedQuantity: 0,
        refundQuantity: 1,
        adjustmentQuantity: -3,
        currentAvailableQuantity: 3,
      }),
    ];
    const totals = reportTotals(rows);
    expect(totals).toEqual({
      previousQuantity: 115,
      restockedQuantity: 30,
      transferQuantity: 0,
      transferredInQuantity: 0,
      consumedQuantity: 15,
      damagedQuantity: 2,
      refundQuantity: 1,
      transferredOutQuantity: 0,
      adjustmentQuantity: -3,
      currentAvailableQuantity: 126,
    });
    expect(closingOf(totals)).toBe(totals.currentAvailableQuantity);
    expect(totalsCells(totals)).toEqual(['', 'Total', '', '', '', '', 115, 30, 0, 0, 15, 2, 1, 0, -3, 126, '']);
  });
});

describe('report CSV lines', () => {
  it('quote as RFC 4180 says, end in CRLF and defuse formulas', () => {
    expect(csvLine(REPORT_COLUMNS)).toBe(
      'Date,Product,Category,Material,Size,Unit,Total Qty,Purchases,Transfer from Warehouse,Transfer from Stores,Consumed,Damages/Wastage,Return,Transfer to Stores,Adjustments,Closing Qty,Remarks\r\n',
    );
    expect(csvLine(reportCells(row({ name: 'Ciment "spécial", 42.5', remarks: 'line one\nline two' })))).toBe(
      '15/03/2026,"Ciment ""spécial"", 42.5",Binders,N/A,50 kg,bag,110,30,0,0,15,2,0,0,0,123,"line one\nline two"\r\n',
    );
    expect(csvLine(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
    // Quoted too, so a spreadsheet that splits on ";" keeps it one cell and runs no formula from it.
    expect(csvLine(['Sand;=1+1', 3])).toBe('"Sand;=1+1",3\r\n');
    expect(csvLine([-4])).toBe('-4\r\n');
  });
});
