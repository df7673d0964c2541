import type { CsvColumn } from '../../lib/csv-export';
import type { DeliveryRecord } from './deliveries.presenter';

export const DELIVERY_COLUMNS: readonly CsvColumn<DeliveryRecord>[] = [
  ['Date Received', (d) => d.day],
  ['Store', (d) => d.storeId.name],
  ['Material Name', (d) => d.productId?.name ?? 'Unknown Product'],
  ['Quantity', (d) => d.quantity],
  ['Supplier', (d) => d.supplier],
];
