import { Button, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { LABEL_LAYOUT_NAMES, LABEL_LAYOUTS, type LabelLayout, LabelSheetRequestSchema } from '@stockyard/contract';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, messageOf } from '../../../lib/api';
import { WholeNumberInput } from '../../../lib/inputs';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { usePayloadCheck } from '../../../lib/validation';

type Labelled = { _id: string; name: string; code: string };

/**
 * "Print labels" for the items a list shows: all of them chosen to start with (narrow the list with
 * its search first, or take some out here), a sheet layout, and how many positions of a partly used
 * first sheet to skip; the sheet downloads as a PDF.
 */
export function LabelSheetButton({ itemKind, rows }: { itemKind: 'material' | 'tool'; rows: Labelled[] }) {
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [layout, setLayout] = useState<LabelLayout>('L7160');
  const [skip, setSkip] = useState<number | string>(0);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [isBusy, setBusy] = useState(false);
  const payload = usePayloadCheck(LabelSheetRequestSchema, ['items', 'layout', 'skip']);
  const { t } = useTranslation();
  const sheet = LABEL_LAYOUTS[layout];
  const perSheet = sheet.columns * sheet.rows;

  async function download() {
    setNotice(null);
    const data = payload.check({ layout, skip: Number(skip) || 0, items: chosen.map((id) => ({ itemKind, id })) });
    if (!data) return;
    setBusy(true);
    try {
      await apiDownload('/api/labels/sheet', 'stockyard-labels.pdf', { body: data });
      setOpen(false);
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, t('labels.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconQrcode size={18} />}
        disabled={rows.length === 0}
        onClick={() => {
          setChosen(rows.map((row) => row._id));
          setNotice(null);
          payload.clear();
          setOpen(true);
        }}
      >
        {t('labels.print')}
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('labels.print')} centered>
        <Stack gap="sm">
          <Notice value={notice ?? payload.summary} />
          <MultiSelect
            label={t('labels.labels', { count: chosen.length })}
            error={payload.errorOf('items')}
            data={rows.map((row) => ({ value: row._id, label: `${row.name} · ${row.code}` }))}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            maxDropdownHeight={220}
          />
          <Select
            label={t('labels.sheet')}
            error={payload.errorOf('layout')}
            data={LABEL_LAYOUT_NAMES.map((name) => ({ value: name, label: LABEL_LAYOUTS[name].title }))}
            value={layout}
            onChange={(value) => value && setLayout(value as LabelLayout)}
            allowDeselect={false}
          />
          <WholeNumberInput
            label={t('labels.skip')}
            description={t('labels.skipHelp', { last: perSheet - 1 })}
            error={payload.errorOf('skip')}
            max={perSheet - 1}
            value={skip}
            onChange={setSkip}
          />
          <Button onClick={() => void download()} loading={isBusy}>
            {t('labels.downloadPdf')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
