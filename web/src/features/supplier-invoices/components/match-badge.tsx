import { Badge } from '@mantine/core';
import type { InvoiceLineMatch } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceLineMatch, string> = {
  matched: 'green',
  price_variance: 'red',
  quantity_variance: 'red',
  awaiting_receipt: 'orange',
};

export function MatchBadge({ match }: { match: InvoiceLineMatch }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[match]} variant="light">
      {t(`invoices.matches.${match}`)}
    </Badge>
  );
}
