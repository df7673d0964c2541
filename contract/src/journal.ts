import { z } from 'zod';
import { requiredText } from './common';
import { CalendarDateSchema } from './ledger';

// The accounting journal: the ledger's values as balanced double entries, and the accounts they post to.

/** The accounts a journal posts to. */
export const JOURNAL_ACCOUNTS = [
  'inventory',
  'goodsInTransit',
  'goodsReceivedNotInvoiced',
  'payables',
  'purchasePriceVariance',
  'jobCost',
  'wastage',
  'openingBalances',
  'inventoryAdjustment',
] as const;
export type JournalAccount = (typeof JOURNAL_ACCOUNTS)[number];

export const ACCOUNT_CODE_MAX = 40;
export const ACCOUNT_NAME_MAX = 100;

const AccountSchema = z.strictObject({
  code: requiredText('Account code', ACCOUNT_CODE_MAX),
  name: requiredText('Account name', ACCOUNT_NAME_MAX),
});
export type AccountSetting = z.infer<typeof AccountSchema>;

/** Every account's code and name, as the company's chart of accounts has them. */
export const AccountSettingsSchema = z.strictObject(
  Object.fromEntries(JOURNAL_ACCOUNTS.map((account) => [account, AccountSchema])) as Record<JournalAccount, typeof AccountSchema>,
);
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/** What a company that has not set its accounts posts to. */
export const DEFAULT_ACCOUNTS: AccountSettings = {
  inventory: { code: '1300', name: 'Inventory' },
  goodsInTransit: { code: '1310', name: 'Goods in transit' },
  goodsReceivedNotInvoiced: { code: '2150', name: 'Goods received not invoiced' },
  payables: { code: '2100', name: 'Accounts payable' },
  purchasePriceVariance: { code: '5150', name: 'Purchase price variance' },
  jobCost: { code: '5000', name: 'Job cost' },
  wastage: { code: '5200', name: 'Wastage' },
  openingBalances: { code: '3900', name: 'Opening balances' },
  inventoryAdjustment: { code: '5300', name: 'Inventory adjustment' },
};

export const AccountSettingsResponseSchema = z.object({ accounts: AccountSettingsSchema });
export type AccountSettingsResponse = z.infer<typeof AccountSettingsResponseSchema>;
export const AccountSettingsSavedResponseSchema = AccountSettingsResponseSchema.extend({ message: z.string() });

export const JOURNAL_FORMATS = ['csv', 'xlsx'] as const;
/** The longest period one export covers. */
export const JOURNAL_DAYS_MAX = 366;

export const JOURNAL_PERIOD_INVALID = `The journal covers from one day to another, at most ${JOURNAL_DAYS_MAX} days: "from" must be on or before "to".`;
export const ACCOUNTS_SAVED = 'Accounts saved.';

export const JournalQuerySchema = z
  .strictObject({
    from: CalendarDateSchema,
    to: CalendarDateSchema,
    format: z.enum(JOURNAL_FORMATS, { message: 'format must be csv or xlsx' }).default('csv'),
    /** `day`: one line per day, store, account, job and cost code, instead of one per ledger line. */
    summary: z.enum(['day'], { message: 'summary must be day' }).optional(),
  })
  .refine((query) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    return days >= 0 && days < JOURNAL_DAYS_MAX;
  }, JOURNAL_PERIOD_INVALID);
export type JournalQuery = z.input<typeof JournalQuerySchema>;

/** What every journal line says, per line or summed: the columns both files start with. */
const ENTRY_COLUMNS = ['Date', 'Store', 'Account Code', 'Account', 'Debit', 'Credit', 'Job', 'Cost Code'] as const;
export const JOURNAL_COLUMNS = [...ENTRY_COLUMNS, 'Description', 'Reference'] as const;
export const JOURNAL_SUMMARY_COLUMNS = [...ENTRY_COLUMNS, 'Lines'] as const;
