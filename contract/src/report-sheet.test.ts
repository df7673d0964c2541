import { describe, expect, it } from 'vitest';
import {
  closingOf,
  closingValueOf,
  csvLine,
  overallTotals,
  REPORT_COLUMNS,
  type ReportRow,
  reportCells,
  reportTotals,
  reportTotalsByUnit,
  subtractMoney,
  sumMoney,
  totalsCells,
  totalsRows,
} from './index';

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
    returnedToSupplierQuantity: 0,
    consumedQuantity: 15,
    damagedQuantity: 2,
    refundQuantity: 0,
    adjustmentQuantity: 0,
    currentAvailableQuantity: 123,
    openingValue: '1100.00',
    valueIn: '300.00',
    valueOut: '170.00',
    closingValue: '1230.00',
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
      0,
      123,
      '1100.00',
      '300.00',
      '170.00',
      '1230.00',
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
        openingValue: '0.10',
        valueIn: '0.33',
        valueOut: '0.01',
        closingValue: '0.42',
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
      returnedToSupplierQuantity: 0,
      adjustmentQuantity: -3,
      currentAvailableQuantity: 126,
      openingValue: '1100.10',
      valueIn: '300.33',
      valueOut: '170.01',
      closingValue: '1230.42',
    });
    expect(closingOf(totals)).toBe(totals.currentAvailableQuantity);
    expect(closingValueOf(totals)).toBe(totals.closingValue);
    for (const each of rows) expect(closingValueOf(each)).toBe(each.closingValue);
    expect(totalsCells(totals, 'bag')).toEqual([
      '',
      'Total',
      '',
      '',
      '',
      'bag',
      115,
      30,
      0,
      0,
      15,
      2,
      1,
      0,
      0,
      -3,
      126,
      '1100.10',
      '300.33',
      '170.01',
      '1230.42',
      '',
    ]);
  });
});

describe('totals across units', () => {
  const bags = row({
    unit: 'bag',
    previousQuantity: 10,
    restockedQuantity: 5,
    consumedQuantity: 0,
    damagedQuantity: 0,
    currentAvailableQuantity: 15,
    openingValue: '100.00',
    valueIn: '50.00',
    valueOut: '0.00',
    closingValue: '150.00',
  });
  const moreBags = row({
    unit: 'bag',
    previousQuantity: 2,
    restockedQuantity: 0,
    consumedQuantity: 1,
    damagedQuantity: 0,
    currentAvailableQuantity: 1,
    openingValue: '20.00',
    valueIn: '0.00',
    valueOut: '10.00',
    closingValue: '10.00',
  });
  const tonnes = row({
    unit: 't',
    previousQuantity: 3,
    restockedQuantity: 0,
    consumedQuantity: 0,
    damagedQuantity: 0,
    currentAvailableQuantity: 3,
    openingValue: '0.50',
    valueIn: '0.00',
    valueOut: '0.00',
    closingValue: '0.50',
  });

  it('adds quantities only within a unit, and the values of all units in a last row of their own', () => {
    const rows = totalsRows([bags, tonnes, moreBags]);
    expect(rows.map((cells) => cells[5])).toEqual(['bag', 't', '']);
    expect(rows.map((cells) => cells[6])).toEqual([12, 3, '']);
    expect(rows.map((cells) => cells[16])).toEqual([16, 3, '']);
    // No quantity at all in the last row: only the money, which adds up across units.
    expect(rows[2]?.slice(6, 17).every((cell) => cell === '')).toBe(true);
    expect(rows.map((cells) => cells[20])).toEqual(['160.00', '0.50', '160.50']);
    for (const unit of reportTotalsByUnit([bags, tonnes, moreBags])) expect(closingOf(unit)).toBe(unit.currentAvailableQuantity);
  });

  it("ends a report of one unit with that unit's totals row alone, and gives the JSON quantities only then", () => {
    expect(totalsRows([bags, moreBags])).toHaveLength(1);
    expect(overallTotals([bags, moreBags]).previousQuantity).toBe(12);
    const mixed = overallTotals([bags, tonnes]);
    expect(mixed.previousQuantity).toBeNull();
    expect(mixed.currentAvailableQuantity).toBeNull();
    expect(mixed.closingValue).toBe('150.50');
  });
});

describe('sums of amounts', () => {
  it('add and subtract to the cent, whatever the signs', () => {
    expect(sumMoney(['0.10', '0.20', '-0.05', '12'])).toBe('12.25');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['-1.5', '0.25'])).toBe('-1.25');
    expect(subtractMoney('0.01', '0.02')).toBe('-0.01');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
    // Past what a number holds exactly, and amounts too long for one: still to the cent.
    expect(sumMoney(['99999999999999.99', '99999999999999.99', '0.02'])).toBe('200000000000000.00');
    expect(sumMoney(['12345678901234567.89', '-0.89'])).toBe('12345678901234567.00');
    expect(sumMoney(Array.from({ length: 1000 }, () => '9007199254740.99'))).toBe('9007199254740990.00');
  });
});

describe('report CSV lines', () => {
  it('quote as RFC 4180 says, end in CRLF and defuse formulas', () => {
    expect(csvLine(REPORT_COLUMNS)).toBe(
      'Date,Product,Category,Material,Size,Unit,Total Qty,Purchases,Transfer from Warehouse,Transfer from Stores,Consumed,Damages/Wastage,Return,Transfer to Stores,Returned to Supplier,Adjustments,Closing Qty,Opening Value,Value In,Value Out,Closing Value,Remarks\r\n',
    );
    expect(csvLine(reportCells(row({ name: 'Ciment "spécial", 42.5', remarks: 'line one\nline two' })))).toBe(
      '15/03/2026,"Ciment ""spécial"", 42.5",Binders,N/A,50 kg,bag,110,30,0,0,15,2,0,0,0,0,123,1100.00,300.00,170.00,1230.00,"line one\nline two"\r\n',
    );
    expect(csvLine(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
    // Quoted too, so a spreadsheet that splits on ";" keeps it one cell and runs no formula from it.
    expect(csvLine(['Sand;=1+1', 3])).toBe('"Sand;=1+1",3\r\n');
    expect(csvLine([-4])).toBe('-4\r\n');
    // An amount is a number, not a formula: its minus stays as it is.
    expect(csvLine(['-12.50', '-1+2'])).toBe(`-12.50,'-1+2\r\n`);
  });
});
