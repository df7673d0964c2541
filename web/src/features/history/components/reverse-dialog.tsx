import type { Movement } from '@stockyard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { type ReasonAsk, ReasonDialog } from '../../../lib/reason-dialog';
import { useReverseMovement } from '../api/reverse';

/** Asks why a movement is being reversed, then records the reversal. */
export function ReverseDialog({ movement, onClose }: { movement: Movement | null; onClose: (message?: string) => void }) {
  const { mutateAsync: reverse } = useReverseMovement();
  const { t } = useTranslation();
  // A new movement to reverse is a new question (and so a new intent).
  const ask = useMemo<ReasonAsk | null>(
    () =>
      movement && {
        title: t('history.reverseTitle'),
        text: t('history.reverseExplain', { kind: t(`kinds.${movement.kind}`), quantity: Math.abs(movement.quantity) }),
        action: t('history.reverse'),
        failure: t('history.reverseFailed'),
        run: async (reason, key) => localMessage((await reverse({ id: movement._id, reason, key })).message),
      },
    [movement, reverse, t],
  );
  return <ReasonDialog ask={ask} onClose={onClose} />;
}
