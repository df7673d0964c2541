import { sql } from 'drizzle-orm';
import { filesOnLines } from '../../db/attachments-of';
import type { DbOrTx } from '../../db/client';
import { deliveryLineIdsOf } from '../../db/delivery-lines';
import { queryRows } from '../../db/sql';

export type ReceiptRow = {
  id: string;
  received_on: string;
  delivery_note: string | null;
  received_by_name: string | null;
  created_at: string | Date;
  lines: { line_id: string; name: string; unit: string; received: number; damaged: number; delivery_id: string }[];
  attachments: { _id: string; type: string }[];
};

/** An order's receipts with their lines in the order's line order, and the files on the delivery lines they wrote. */
export function findReceiptRows(db: DbOrTx, orderId: string): Promise<ReceiptRow[]> {
  return queryRows<ReceiptRow>(
    db,
    sql`select r.id, r.received_on::text as received_on, r.delivery_note, u.name as received_by_name, r.created_at, lines.lines,
               ${filesOnLines(sql`select line.id from purchase_receipt_lines rl
                                  cross join lateral (${deliveryLineIdsOf(sql`rl.delivery_id`)}) line
                                  where rl.receipt_id = r.id`)} as attachments
        from purchase_receipts r
        left join users u on u.id = r.received_by
        cross join lateral (
          select json_agg(json_build_object(
                   'line_id', rl.purchase_order_line_id, 'name', m.name, 'unit', m.unit, 'received', rl.received,
                   'damaged', rl.damaged, 'delivery_id', rl.delivery_id
                 ) order by pol.position) as lines
          from purchase_receipt_lines rl
          join purchase_order_lines pol on pol.id = rl.purchase_order_line_id
          join materials m on m.id = pol.material_id
          where rl.receipt_id = r.id
        ) lines
        where r.purchase_order_id = ${orderId}
        order by r.created_at, r.id`,
  );
}
