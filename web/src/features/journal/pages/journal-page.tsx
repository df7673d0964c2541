import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type AccountSettings, JOURNAL_ACCOUNTS, JOURNAL_DAYS_MAX, type JournalAccount } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { DateField } from '../../../lib/date-field';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { FormStack } from '../../../lib/form-stack';
import { phoneToday } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { Notice, type NoticeValue, saveWithNotice } from '../../../lib/notice';
import { useAccountSettings, useSaveAccountSettings } from '../api/journal';

/** The first day of this month, YYYY-MM-DD. */
function firstOfMonth(today: string): string {
  return `${today.slice(0, 8)}01`;
}

/** A period's journal, per line or per day, as CSV or a workbook. */
function JournalDownload() {
  const { t } = useTranslation();
  const today = phoneToday();
  const [from, setFrom] = useState(firstOfMonth(today));
  const [to, setTo] = useState(today);
  const [byDay, setByDay] = useState(false);
  const filters = { from, to, summary: byDay ? 'day' : undefined };
  const name = `journal_${from}_${to}${byDay ? '_by_day' : ''}`;
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  const isPeriod = from !== '' && to !== '' && days >= 0 && days < JOURNAL_DAYS_MAX;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label={t('journal.from')} value={from} onChange={setFrom} required />
        <DateField label={t('journal.to')} value={to} onChange={setTo} required />
      </SimpleGrid>
      <Switch label={t('journal.byDay')} checked={byDay} onChange={(event) => setByDay(event.currentTarget.checked)} />
      {isPeriod ? (
        <Group gap="xs" align="flex-start">
          <DownloadCsvButton path="/api/exports/journal" filters={{ ...filters, format: 'csv' }} fileName={`${name}.csv`} />
          <DownloadCsvButton
            path="/api/exports/journal"
            filters={{ ...filters, format: 'xlsx' }}
            fileName={`${name}.xlsx`}
            label={t('journal.downloadXlsx')}
          />
        </Group>
      ) : (
        <Text size="sm" c="red">
          {t('journal.periodWrong')}
        </Text>
      )}
    </Stack>
  );
}

/** Each account's code and name, saved together. */
function AccountsForm({ saved, onDone }: { saved: AccountSettings; onDone: (notice: NoticeValue) => void }) {
  const { t } = useTranslation();
  const save = useSaveAccountSettings();
  const [accounts, setAccounts] = useState(saved);
  const change = (account: JournalAccount, field: 'code' | 'name', value: string) =>
    setAccounts((current) => ({ ...current, [account]: { ...current[account], [field]: value } }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    await saveWithNotice(() => save.mutateAsync({ accounts, idempotencyKey: newIdempotencyKey() }), onDone, t('journal.saveFailed'));
  }
  return (
    <FormStack onSubmit={(event) => void submit(event)}>
      {JOURNAL_ACCOUNTS.map((account) => {
        const purpose = t(`journal.accounts.${account}`);
        return (
          <Stack key={account} gap={4}>
            <Text size="sm" fw={500}>
              {purpose}
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                aria-label={`${t('journal.code')} · ${purpose}`}
                placeholder={t('journal.code')}
                value={accounts[account].code}
                onChange={(event) => change(account, 'code', event.currentTarget.value)}
                required
              />
              <TextInput
                aria-label={`${t('journal.name')} · ${purpose}`}
                placeholder={t('journal.name')}
                value={accounts[account].name}
                onChange={(event) => change(account, 'name', event.currentTarget.value)}
                required
              />
            </SimpleGrid>
          </Stack>
        );
      })}
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('journal.saveAccounts')}
      </Button>
    </FormStack>
  );
}

/** The accountants' journal of a period, and the accounts it posts to. */
export function JournalPage() {
  const { t } = useTranslation();
  const accounts = useAccountSettings();
  const [notice, setNotice] = useState<NoticeValue>(null);
  return (
    <PageCard title={t('journal.title')}>
      <Stack gap="md">
        <Text size="sm">{t('journal.intro')}</Text>
        <Notice value={notice} onClose={() => setNotice(null)} />
        <JournalDownload />
        <Title order={3} size="h4">
          {t('journal.accountsTitle')}
        </Title>
        {accounts.data && <AccountsForm saved={accounts.data.accounts} onDone={setNotice} />}
      </Stack>
    </PageCard>
  );
}
