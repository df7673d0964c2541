import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Lines drawn at first, and added by each "Show more": each line of an order's receipt form costs a slow
 * phone about 30 ms to draw, so a 500-line order drawn whole froze it for seconds.
 */
export const SHOWN_STEP = 20;

/** The first rows of a long list, and the button that shows the next SHOWN_STEP. */
export function useShowMore<T>(rows: readonly T[]): { shown: readonly T[]; more: ReactNode } {
  const [count, setCount] = useState(SHOWN_STEP);
  const { t } = useTranslation();
  const hidden = rows.length - count;
  return {
    shown: hidden > 0 ? rows.slice(0, count) : rows,
    more:
      hidden > 0 ? (
        <Button variant="subtle" size="xs" onClick={() => setCount((current) => current + SHOWN_STEP)}>
          {t('common.showMore', { count: Math.min(hidden, SHOWN_STEP), hidden })}
        </Button>
      ) : null,
  };
}
