import {
  apiTokenRateLimited,
  importRowProblem,
  labelSkipTooFar,
  materialNameTaken,
  sessionsSignedOut,
  storeNameAmbiguous,
  toolNameTaken,
  tooManySignIns,
} from './answers';
import { batchExpired, batchExpiresOtherDay, batchNotTracked, batchRequired, batchShort, batchUnknown, onlyExpiredLeft } from './batches';
import {
  fieldAtLeast,
  fieldAtMost,
  fieldNegative,
  fieldNotNumber,
  fieldNotText,
  fieldRequired,
  fieldTooLarge,
  fieldTooLong,
  fieldWholeNumber,
  hiddenCharactersMessage,
} from './common';
import { countItemBusy, countWouldGoNegative } from './counts';
import { custodyReturnTooMany, workerNameTaken, workerStillHolds } from './custody';
import { importAlreadyDone, importColumnMissing, importNameRepeated, importTooManyRows } from './imports';
import {
  costCodeImportConflict,
  costCodeImportRepeated,
  costCodeImportRow,
  costCodesImported,
  costCodeTaken,
  costCodeUnknown,
  jobClosed,
  jobCodeTaken,
  jobNotOfStore,
  jobUnknown,
  returnBeyondJob,
} from './jobs';
import {
  decimalsInUse,
  keeperDayTooOld,
  quantityDecimals,
  quantityWhole,
  reversalWouldGoNegative,
  toolRefundExceeds,
  unitIsStockUnit,
  unitQuantityOff,
  unitUnknown,
} from './ledger';
import { booksClosed, storeInactive } from './messages';
import {
  deliveryFromOrder,
  orderHasReceipts,
  orderMaterialsNotInStore,
  orderMaterialUnpriced,
  orderNotClosable,
  orderNotDraft,
  orderNotReceivable,
  orderOfOtherSupplier,
  ordersDrafted,
  receiptPastTolerance,
  returnBeyondReceived,
  returnBeyondStock,
  returnMaterialsNotInStore,
  returnMaterialsNotOnOrder,
} from './purchase-orders';
import { lockOnlyForward } from './stores';
import { invoiceLinesNotOrdered, invoiceLinesUnmatched, invoiceNumberTaken, invoiceTotalOff } from './supplier-invoices';
import { priceMaterialRepeated, priceMaterialsUnknown, supplierNameTaken } from './suppliers';
import { PARKED_TOO_OLD_FOR_KEEPER, SYNC_TOO_OLD } from './sync';
import {
  assetTagTaken,
  qualificationMissing,
  serialTaken,
  serviceDue,
  servicePlanNameTaken,
  unitNotHere,
  unitsRequired,
} from './tool-units';
import { noSuchItemAtSource, notEnoughToDispatch, receiptTooMuch } from './transfers';

/** What a part of a message is: a name or label, a number, or an ISO day that the message writes as DD/MM/YYYY. */
type Part = 'text' | 'number' | 'day';
type Template = { parts: Part[]; build: (...parts: never[]) => string };

/**
 * Messages made with names or numbers in them, each under a stable code with the function that makes
 * its English text. A message is matched back to its code and parts, so a screen can say it in its own
 * language (`messages.<code>` with `{p0}`, `{p1}`…). Field checks name their field in English: a screen
 * translates that label too.
 */
export const MESSAGE_TEMPLATES: Record<string, Template> = {
  fieldRequired: { parts: ['text'], build: fieldRequired },
  fieldTooLong: { parts: ['text', 'number'], build: fieldTooLong },
  fieldNotText: { parts: ['text'], build: fieldNotText },
  fieldHiddenCharacters: { parts: ['text'], build: hiddenCharactersMessage },
  fieldWholeNumber: { parts: ['text'], build: fieldWholeNumber },
  fieldNegative: { parts: ['text'], build: fieldNegative },
  fieldNotNumber: { parts: ['text'], build: fieldNotNumber },
  fieldAtLeast: { parts: ['text', 'number'], build: fieldAtLeast },
  fieldTooLarge: { parts: ['text'], build: fieldTooLarge },
  fieldAtMost: { parts: ['text', 'number'], build: fieldAtMost },
  storeInactive: { parts: ['text'], build: storeInactive },
  booksClosed: { parts: ['text', 'day'], build: booksClosed },
  lockOnlyForward: { parts: ['day'], build: lockOnlyForward },
  keeperDayTooOld: { parts: ['number'], build: keeperDayTooOld },
  toolRefundExceeds: { parts: ['number'], build: toolRefundExceeds },
  quantityWhole: { parts: ['text'], build: quantityWhole },
  quantityDecimals: { parts: ['text', 'number'], build: quantityDecimals },
  decimalsInUse: { parts: ['text', 'text', 'number'], build: decimalsInUse },
  unitIsStockUnit: { parts: ['text'], build: unitIsStockUnit },
  unitUnknown: { parts: ['text', 'text'], build: unitUnknown },
  unitQuantityOff: { parts: ['text', 'text', 'text'], build: unitQuantityOff },
  batchRequired: { parts: ['text'], build: batchRequired },
  batchNotTracked: { parts: ['text'], build: batchNotTracked },
  batchUnknown: { parts: ['text', 'text'], build: batchUnknown },
  batchExpired: { parts: ['text', 'text', 'day'], build: batchExpired },
  batchShort: { parts: ['text', 'text', 'number'], build: batchShort },
  batchExpiresOtherDay: { parts: ['text', 'text', 'day'], build: batchExpiresOtherDay },
  onlyExpiredLeft: { parts: ['text', 'text', 'day'], build: onlyExpiredLeft },
  reversalWouldGoNegative: { parts: ['number', 'number'], build: reversalWouldGoNegative },
  countItemBusy: { parts: ['text'], build: countItemBusy },
  countWouldGoNegative: { parts: ['text'], build: countWouldGoNegative },
  workerNameTaken: { parts: ['text'], build: workerNameTaken },
  workerStillHolds: { parts: ['text', 'text'], build: workerStillHolds },
  custodyReturnTooMany: { parts: ['number'], build: custodyReturnTooMany },
  importAlreadyDone: { parts: ['text', 'text'], build: importAlreadyDone },
  importTooManyRows: { parts: ['number'], build: importTooManyRows },
  importColumnMissing: { parts: ['text'], build: importColumnMissing },
  importNameRepeated: { parts: ['text', 'number'], build: importNameRepeated },
  receiptTooMuch: { parts: ['text', 'number'], build: receiptTooMuch },
  notEnoughToDispatch: { parts: ['text', 'number', 'number'], build: notEnoughToDispatch },
  noSuchItemAtSource: { parts: ['text', 'text'], build: noSuchItemAtSource },
  storeNameAmbiguous: { parts: ['text'], build: storeNameAmbiguous },
  materialNameTaken: { parts: ['text'], build: materialNameTaken },
  toolNameTaken: { parts: ['text'], build: toolNameTaken },
  tooManySignIns: { parts: ['number'], build: tooManySignIns },
  apiTokenRateLimited: { parts: ['number'], build: apiTokenRateLimited },
  labelSkipTooFar: { parts: ['number'], build: labelSkipTooFar },
  sessionsSignedOut: { parts: ['number'], build: sessionsSignedOut },
  importRowProblem: { parts: ['number', 'text'], build: importRowProblem },
  syncTooOld: { parts: ['number'], build: SYNC_TOO_OLD },
  parkedTooOldForKeeper: { parts: ['number'], build: PARKED_TOO_OLD_FOR_KEEPER },
  jobCodeTaken: { parts: ['text'], build: jobCodeTaken },
  jobUnknown: { parts: ['text'], build: jobUnknown },
  jobNotOfStore: { parts: ['text', 'text'], build: jobNotOfStore },
  jobClosed: { parts: ['text'], build: jobClosed },
  costCodeUnknown: { parts: ['text'], build: costCodeUnknown },
  costCodeTaken: { parts: ['text'], build: costCodeTaken },
  returnBeyondJob: { parts: ['text', 'number'], build: returnBeyondJob },
  costCodeImportRow: { parts: ['number'], build: costCodeImportRow },
  costCodeImportRepeated: { parts: ['text'], build: costCodeImportRepeated },
  costCodeImportConflict: { parts: ['text', 'text'], build: costCodeImportConflict },
  costCodesImported: { parts: ['number', 'number'], build: costCodesImported },
  supplierNameTaken: { parts: ['text'], build: supplierNameTaken },
  priceMaterialsUnknown: { parts: ['number'], build: priceMaterialsUnknown },
  priceMaterialRepeated: { parts: ['text'], build: priceMaterialRepeated },
  orderMaterialsNotInStore: { parts: ['number'], build: orderMaterialsNotInStore },
  orderMaterialUnpriced: { parts: ['text'], build: orderMaterialUnpriced },
  orderNotDraft: { parts: ['text'], build: orderNotDraft },
  orderNotReceivable: { parts: ['text'], build: orderNotReceivable },
  orderHasReceipts: { parts: ['text'], build: orderHasReceipts },
  orderNotClosable: { parts: ['text'], build: orderNotClosable },
  receiptPastTolerance: { parts: ['text', 'number'], build: receiptPastTolerance },
  deliveryFromOrder: { parts: ['text'], build: deliveryFromOrder },
  invoiceTotalOff: { parts: ['text', 'text'], build: invoiceTotalOff },
  invoiceNumberTaken: { parts: ['text', 'text'], build: invoiceNumberTaken },
  invoiceLinesNotOrdered: { parts: ['number'], build: invoiceLinesNotOrdered },
  invoiceLinesUnmatched: { parts: ['text'], build: invoiceLinesUnmatched },
  returnBeyondStock: { parts: ['text', 'number'], build: returnBeyondStock },
  returnBeyondReceived: { parts: ['text', 'text', 'number'], build: returnBeyondReceived },
  returnMaterialsNotOnOrder: { parts: ['number'], build: returnMaterialsNotOnOrder },
  returnMaterialsNotInStore: { parts: ['number'], build: returnMaterialsNotInStore },
  orderOfOtherSupplier: { parts: ['text'], build: orderOfOtherSupplier },
  ordersDrafted: { parts: ['number'], build: ordersDrafted },
  unitsRequired: { parts: ['text'], build: unitsRequired },
  serialTaken: { parts: ['text'], build: serialTaken },
  assetTagTaken: { parts: ['text'], build: assetTagTaken },
  unitNotHere: { parts: ['text'], build: unitNotHere },
  // Its code is the one the API names for a unit its service holds back.
  service_due: { parts: ['text', 'text', 'day'], build: serviceDue },
  qualificationMissing: { parts: ['text', 'text'], build: qualificationMissing },
  servicePlanNameTaken: { parts: ['text'], build: servicePlanNameTaken },
};

/** A message's code and its parts as the message writes them. */
export type MessageParts = { code: string; params: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CAPTURE: Record<Part, string> = { text: '(.+?)', number: '(\\d[\\d,]*)', day: '(\\d\\d/\\d\\d/\\d{4})' };

type Shape = { pattern: RegExp; fixed: (string | null)[]; groups: number[] };

/** How a marker part is written in the made text. */
function markerOf(part: Part, index: number): { value: unknown; shown: string[] } {
  if (part === 'number')
    return { value: 987_654_300 + index, shown: [(987_654_300 + index).toLocaleString('en'), String(987_654_300 + index)] };
  if (part === 'day') return { value: `2987-06-1${index}`, shown: [`1${index}/06/2987`] };
  return { value: `\u0001${index}\u0001`, shown: [`\u0001${index}\u0001`] };
}

/**
 * The shapes a template's text takes: it is made once with marker parts (and once more with 1 for each
 * number, where a message says "1 is" but "2 are"); each marker becomes a group to capture, a part
 * written twice a back-reference to its first group.
 */
function shapesOf(template: Template): Shape[] {
  const numbers = template.parts.flatMap((part, index) => (part === 'number' ? [index] : []));
  const shapes: Shape[] = [];
  for (let ones = 0; ones < 2 ** numbers.length; ones++) {
    const fixed = template.parts.map((_, index) => {
      const position = numbers.indexOf(index);
      return position >= 0 && ones & (2 ** position) ? '1' : null;
    });
    const markers = template.parts.map((part, index) => (fixed[index] === null ? markerOf(part, index) : { value: 1, shown: [] }));
    const text = (template.build as (...parts: unknown[]) => string)(...markers.map((marker) => marker.value));
    const found: { at: number; length: number; index: number }[] = [];
    markers.forEach((marker, index) => {
      for (const form of marker.shown) {
        for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + form.length))
          found.push({ at, length: form.length, index });
      }
    });
    found.sort((a, b) => a.at - b.at);
    const groups: number[] = [];
    let pattern = '';
    let from = 0;
    for (const { at, length, index } of found) {
      pattern += escapeRegExp(text.slice(from, at));
      if (groups[index] === undefined) {
        groups[index] = groups.filter((group) => group !== undefined).length + 1;
        pattern += CAPTURE[template.parts[index] as Part];
      } else pattern += `\\${groups[index]}`;
      from = at + length;
    }
    pattern += escapeRegExp(text.slice(from));
    shapes.push({ pattern: new RegExp(`^${pattern}$`, 's'), fixed, groups });
  }
  return shapes;
}

const SHAPES = Object.entries(MESSAGE_TEMPLATES).map(([code, template]) => ({ code, shapes: shapesOf(template) }));

/** The code and parts of a message made with names or numbers, if it is one of the templates'. */
export function partsOfMessage(message: string): MessageParts | undefined {
  for (const { code, shapes } of SHAPES) {
    for (const { pattern, fixed, groups } of shapes) {
      const match = pattern.exec(message);
      if (match) return { code, params: fixed.map((value, index) => value ?? (match[groups[index] as number] as string)) };
    }
  }
  return undefined;
}
