import { Alert, Button, FileInput, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportKind,
  type ImportPreview,
  type ImportRequest,
} from '@stockyard/contract';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { apiDownload, messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores/components/store-select';
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
      setReadError(messageOf(error, 'The file could not be read.'));
    }
  };

  const submit = async () => {
    const body = request({});
    if (!body) return;
    try {
      const result = await run.mutateAsync({ ...body, idempotencyKey: intent.key });
      setNotice({ ok: true, text: result.message });
      setFile(null);
      setChosen(null);
      setMapping({});
      preview.reset();
      intent.renew();
    } catch (error) {
      intent.settle(error);
      setNotice({ ok: false, text: messageOf(error, 'The import failed. Nothing was imported.') });
    }
  };

  const template = (format: 'csv' | 'xlsx') =>
    void apiDownload(`/api/imports/template?kind=${kind}&format=${format}`, `stockyard-${kind}-template.${format}`).catch((error) =>
      setReadError(messageOf(error, 'Download failed.')),
    );

  return (
    <PageCard title="Import from a spreadsheet">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Bring in a store’s {kind} with their opening quantities from a .csv or .xlsx file: one row each, with its headings in the first
          row. Nothing is recorded until you press Import, and then every row or none.
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as ImportKind);
            setMapping({});
            refresh({ kind: value as ImportKind, mapping: {} });
          }}
          data={[
            { value: 'materials', label: 'Materials' },
            { value: 'tools', label: 'Tools' },
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
            Template (CSV)
          </Button>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => template('xlsx')}>
            Template (Excel)
          </Button>
        </Group>
        <FileInput
          label="Spreadsheet"
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(picked) => void choose(picked)}
          clearable
          disabled={needsStore}
          description={needsStore ? 'Choose the store first.' : undefined}
        />
        <ErrorAlert text={readError} />
        <ErrorAlert text={preview.isError ? messageOf(preview.error, 'The file could not be checked.') : null} />
        <Notice value={notice} onClose={() => setNotice(null)} />
        {preview.isPending && <Text size="sm">Checking the file…</Text>}
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
            Import {preview.data.rowCount.toLocaleString()} {kind}
          </Button>
        )}
      </Stack>
    </PageCard>
  );
}

const plural = (count: number, noun: string) => `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;

function PreviewOf({ preview, onMap }: { preview: ImportPreview; onMap: (field: ImportField, header: string | null) => void }) {
  const fields: readonly ImportField[] = IMPORT_FIELDS[preview.kind];
  const options = [{ value: '', label: 'Not in this file' }, ...preview.headers.map((header) => ({ value: header, label: header }))];
  return (
    <Stack gap="sm">
      <Text fw={500}>
        {plural(preview.rowCount, 'row')} for {preview.store.name}, {plural(preview.totalQuantity, 'unit')} in all ·{' '}
        {preview.problemCount === 0 ? 'no problems' : plural(preview.problemCount, 'problem')}
      </Text>
      {preview.alreadyImported && (
        <Alert color="yellow" role="alert">
          This file was already imported into {preview.store.name} on {new Date(preview.alreadyImported.at).toLocaleDateString()} by{' '}
          {preview.alreadyImported.by}. Importing it again is refused.
        </Alert>
      )}
      <Text size="sm" fw={500}>
        Columns
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {fields.map((field) => (
          <Select
            key={field}
            label={IMPORT_FIELD_LABELS[field]}
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
          <Table striped withTableBorder aria-label="Problems">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.problems.map((problem) => (
                <Table.Tr key={`${problem.row}-${problem.field}-${problem.message}`}>
                  <Table.Td>{problem.row ?? '—'}</Table.Td>
                  <Table.Td>{problem.field ? IMPORT_FIELD_LABELS[problem.field] : '—'}</Table.Td>
                  <Table.Td c="red">{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.problemCount > preview.problems.length && (
            <Text size="sm" c="dimmed">
              and {(preview.problemCount - preview.problems.length).toLocaleString()} more
            </Text>
          )}
        </Table.ScrollContainer>
      )}
      {preview.rows.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label="First rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                {fields.map((field) => (
                  <Table.Th key={field}>{IMPORT_FIELD_LABELS[field]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  {fields.map((field) => (
                    <Table.Td key={field}>{String(row[field])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.rowCount > preview.rows.length && (
            <Text size="sm" c="dimmed">
              The first {preview.rows.length} of {preview.rowCount.toLocaleString()} rows.
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
