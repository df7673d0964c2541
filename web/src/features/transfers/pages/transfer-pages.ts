// The request and transfer screens, loaded together on first use.
export { RequestsPage } from './requests-page';
export { TransferPage } from './transfer-page';
export { TransfersPage } from './transfers-page';
