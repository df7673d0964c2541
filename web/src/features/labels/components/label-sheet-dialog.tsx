import { Button, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { LABEL_LAYOUT_NAMES, LABEL_LAYOUTS, type LabelLayout, LabelSheetRequestSchema } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, messageOf } from '../../../lib/api';
import { WholeNumberInput } from '../../../lib/inputs';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { usePayloadCheck } from '../../../lib/validation';

export type Labelled = { _id: string; name: string; code: string };

/**
 * The label sheet to download: all the list's items chosen to start with (take some out here), a sheet
 * layout, and how many positions of a partly used first sheet to skip.
 */
export function LabelSheetDialog(props: {
  opened: boolean;
  itemKind: 'material' | 'tool' | 'unit';
  rows: Labelled[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>(() => props.rows.map((row) => row._id));
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
    const data = payload.check({ layout, skip: Number(skip) || 0, items: chosen.map((id) => ({ itemKind: props.itemKind, id })) });
    if (!data) return;
    setBusy(true);
    try {
      await apiDownload('/api/labels/sheet', 'stockyard-labels.pdf', { body: data });
      props.onClose();
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, t('labels.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('labels.print')} centered>
      <Stack gap="sm">
        <Notice value={notice ?? payload.summary} />
        <MultiSelect
          label={t('labels.labels', { count: chosen.length })}
          error={payload.errorOf('items')}
          data={props.rows.map((row) => ({ value: row._id, label: `${row.name} · ${row.code}` }))}
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
  );
}
