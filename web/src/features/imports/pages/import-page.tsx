import { Alert, Button, FileInput, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportKind,
  type ImportPreview,
  type ImportRequest,
  type ImportUnitTotal,
} from '@stockyard/contract';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { i18n } from '../../../i18n/i18n';
import { translatedMessage } from '../../../i18n/messages';
import { apiDownload, messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { localDate, localList, localNumber } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores';
import { base64Of, usePreviewImport, useRunImport } from '../api/imports';

type Chosen = { name: string; content: string };

/**
 * Materials or tools from a spreadsheet: choose the file, see what would be recorded and each row's
 * problem, match the columns when the headings differ, then import all of it or nothing.
 */
export function ImportPage() {
  const isAdmin = useRole() === 'admin';
  const [kind, setKind] = useState<ImportKind>('materials');
  const [storeId, setStoreId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<ImportRequest['mapping']>({});
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const run = useRunImport();
  const intent = useIdempotencyKey();
  const needsStore = isAdmin && !storeId;
  const { t } = useTranslation();

  const request = (next: { file?: Chosen | null; kind?: ImportKind; storeId?: string | null; mapping?: ImportRequest['mapping'] }) => {
    const current = next.file === undefined ? chosen : next.file;
    const store = next.storeId === undefined ? storeId : next.storeId;
    if (!current || (isAdmin && !store)) return null;
    return {
      kind: next.kind ?? kind,
      storeId: store ?? undefined,
      fileName: current.name,
      content: current.content,
      mapping: next.mapping ?? mapping,
    } satisfies ImportRequest;
  };
  const refresh = (next: Parameters<typeof request>[0]) => {
    intent.renew();
    const body = request(next);
    if (body) preview.mutate(body);
    else preview.reset();
  };

  const choose = async (picked: File | null) => {
    setFile(picked);
    setNotice(null);
    setReadError(null);
    setMapping({});
    if (!picked) {
      setChosen(null);
      preview.reset();
      return;
    }
    try {
      const next = { name: picked.name, content: await base64Of(picked) };
      setChosen(next);
      refresh({ file: next, mapping: {} });
    } catch (error) {
      setReadError(messageOf(error, t('imports.unreadable')));
    }
  };

  const submit = async () => {
    const body = request({});
    if (!body) return;
    try {
      const result = await run.mutateAsync({ ...body, idempotencyKey: intent.key });
      setNotice({
        ok: true,
        text: t(`imports.imported.${kind}`, {
          count: result.imported,
          total: localNumber(result.imported),
          store: preview.data?.store.name ?? '',
        }),
      });
      setFile(null);
      setChosen(null);
      setMapping({});
      preview.reset();
      intent.renew();
    } catch (error) {
      intent.settle(error);
      setNotice({ ok: false, text: messageOf(error, t('imports.failed')) });
    }
  };

  const template = (format: 'csv' | 'xlsx') =>
    void apiDownload(`/api/imports/template?kind=${kind}&format=${format}`, `stockyard-${kind}-template.${format}`).catch((error) =>
      setReadError(messageOf(error, t('lists.downloadFailed'))),
    );

  return (
    <PageCard title={t('imports.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`imports.intro.${kind}`)}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as ImportKind);
            setMapping({});
            refresh({ kind: value as ImportKind, mapping: {} });
          }}
          data={[
            { value: 'materials', label: t('nav.materials') },
            { value: 'tools', label: t('nav.tools') },
          ]}
        />
        {isAdmin && (
          <StoreSelect
            value={storeId}
            onChange={(value) => {
              setStoreId(value);
              refresh({ storeId: value });
            }}
          />
        )}
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => template('csv')}>
            {t('imports.templateCsv')}
          </Button>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => template('xlsx')}>
            {t('imports.templateExcel')}
          </Button>
        </Group>
        <FileInput
          label={t('imports.spreadsheet')}
          placeholder={t('imports.choose')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(picked) => void choose(picked)}
          clearable
          disabled={needsStore}
          description={needsStore ? t('imports.storeFirst') : undefined}
        />
        <ErrorAlert text={readError} />
        <ErrorAlert text={preview.isError ? messageOf(preview.error, t('imports.uncheckable')) : null} />
        <Notice value={notice} onClose={() => setNotice(null)} />
        {preview.isPending && <Text size="sm">{t('imports.checking')}</Text>}
        {preview.data && (
          <PreviewOf
            preview={preview.data}
            onMap={(field, header) => {
              const next = { ...mapping, [field]: header };
              setMapping(next);
              refresh({ mapping: next });
            }}
          />
        )}
        {preview.data && (
          <Button
            onClick={() => void submit()}
            loading={run.isPending}
            disabled={!preview.data.canImport || preview.isPending}
            w="fit-content"
          >
            {t(`imports.import.${kind}`, { count: preview.data.rowCount, total: localNumber(preview.data.rowCount) })}
          </Button>
        )}
      </Stack>
    </PageCard>
  );
}

const fieldLabel = (field: ImportField) => i18n.t(`imports.fields.${field}`);

/** Each unit's total on its own ("120 bag, 10 ton"); rows with no unit count as units. */
function unitTotalsText(totals: ImportUnitTotal[]): string {
  if (totals.length === 0) return i18n.t('imports.unitCount', { units: 0, unitCount: localNumber(0) });
  return localList(
    totals.map(({ unit, quantity }) =>
      unit === '' ? i18n.t('imports.unitCount', { units: quantity, unitCount: localNumber(quantity) }) : `${localNumber(quantity)} ${unit}`,
    ),
  );
}

function PreviewOf({ preview, onMap }: { preview: ImportPreview; onMap: (field: ImportField, header: string | null) => void }) {
  const fields: readonly ImportField[] = IMPORT_FIELDS[preview.kind];
  const { t } = useTranslation();
  const options = [{ value: '', label: t('imports.notInFile') }, ...preview.headers.map((header) => ({ value: header, label: header }))];
  return (
    <Stack gap="sm">
      <Text fw={500}>
        {t('imports.summary', {
          rows: preview.rowCount,
          rowCount: localNumber(preview.rowCount),
          store: preview.store.name,
          totals: unitTotalsText(preview.totalsByUnit),
        })}{' '}
        · {t('imports.problems', { count: preview.problemCount, total: localNumber(preview.problemCount) })}
      </Text>
      {preview.alreadyImported && (
        <Alert color="yellow" role="alert">
          {t('imports.already', {
            store: preview.store.name,
            day: localDate(preview.alreadyImported.at),
            by: preview.alreadyImported.by,
          })}
        </Alert>
      )}
      <Text size="sm" fw={500}>
        {t('imports.columns')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {fields.map((field) => (
          <Select
            key={field}
            label={fieldLabel(field)}
            data={options}
            value={preview.mapping[field] ?? ''}
            onChange={(value) => onMap(field, value || null)}
            allowDeselect={false}
            size="xs"
          />
        ))}
      </SimpleGrid>
      {preview.problems.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table striped withTableBorder aria-label={t('imports.problemsTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.row')}</Table.Th>
                <Table.Th>{t('imports.column')}</Table.Th>
                <Table.Th>{t('imports.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.problems.map((problem) => (
                <Table.Tr key={`${problem.row}-${problem.field}-${problem.message}`}>
                  <Table.Td>{problem.row ?? '—'}</Table.Td>
                  <Table.Td>{problem.field ? fieldLabel(problem.field) : '—'}</Table.Td>
                  <Table.Td c="red">{translatedMessage(problem.message, problem.code, problem.params)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.problemCount > preview.problems.length && (
            <Text size="sm" c="dimmed">
              {t('imports.andMore', { count: localNumber(preview.problemCount - preview.problems.length) })}
            </Text>
          )}
        </Table.ScrollContainer>
      )}
      {preview.rows.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label={t('imports.firstRows')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.row')}</Table.Th>
                {fields.map((field) => (
                  <Table.Th key={field}>{fieldLabel(field)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  {fields.map((field) => (
                    <Table.Td key={field}>{String(row[field] ?? '')}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.rowCount > preview.rows.length && (
            <Text size="sm" c="dimmed">
              {t('imports.firstOf', { shown: preview.rows.length, total: localNumber(preview.rowCount) })}
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
