import type { Role } from '@stockyard/contract';
import { type ComponentType, isValidElement, lazy, type ReactNode } from 'react';
import { loadScreenTexts } from '../i18n/i18n';
import { getRole } from '../lib/session';

export type Screens = Partial<Record<Role, ReactNode>>;

/**
 * Screens past sign-in load on first use, with their texts, so the login page stays small on a phone.
 */
// biome-ignore lint/suspicious/noExplicitAny: a page's own props type flows through M[K]
function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  const withTexts = async () => (await Promise.all([load(), loadScreenTexts()]))[0];
  return Object.assign(
    lazy(async () => ({ default: (await withTexts())[name] })),
    { preload: withTexts },
  );
}

/** Starts fetching a screen's code while its layout's code arrives, rather than after it. */
export function preloadScreen(screen: ReactNode): void {
  // A fetch that fails here is the screen's own to report when it draws.
  if (isValidElement(screen)) (screen.type as { preload?: () => Promise<unknown> }).preload?.().catch(() => undefined);
}

const hubs = () => import('../features/dashboard/pages/hubs');
const sidebarLayouts = () => import('./layouts/sidebar-layouts');
const AdminLayout = lazyPage(sidebarLayouts, 'AdminLayout');
const StoreUserLayout = lazyPage(sidebarLayouts, 'StoreUserLayout');
// A keeper's phone loads its own frame alone, without the sidebar of the others.
const KeeperLayout = lazyPage(() => import('./layouts/keeper-layout'), 'KeeperLayout');
const AdminHubPage = lazyPage(hubs, 'AdminHubPage');
const InventoryHubPage = lazyPage(hubs, 'InventoryHubPage');
const ManagerHubPage = lazyPage(hubs, 'ManagerHubPage');
const ManagerPlaceholderPage = lazyPage(hubs, 'ManagerPlaceholderPage');
const StoreManagementPage = lazyPage(hubs, 'StoreManagementPage');
const ChangePasswordPage = lazyPage(() => import('../features/auth/pages/change-password-page'), 'ChangePasswordPage');
const SessionsPage = lazyPage(() => import('../features/sessions/pages/sessions-page'), 'SessionsPage');
const AccountPage = lazyPage(() => import('./account-page'), 'AccountPage');
const AllStoresPage = lazyPage(() => import('../features/stores/pages/all-stores-page'), 'AllStoresPage');
const CreateStorePage = lazyPage(() => import('../features/stores/pages/create-store-page'), 'CreateStorePage');
const AllUsersPage = lazyPage(() => import('../features/users/pages/all-users-page'), 'AllUsersPage');
const CreateUserPage = lazyPage(() => import('../features/users/pages/create-user-page'), 'CreateUserPage');
const toolListPages = () => import('../features/tools/pages/tool-list-pages');
const MaterialMovementPage = lazyPage(() => import('../features/materials/pages/material-movement-pages'), 'MaterialMovementPage');
const ToolMovementPage = lazyPage(() => import('../features/tools/pages/tool-movement-pages'), 'ToolMovementPage');
const ToolListPage = lazyPage(toolListPages, 'ToolListPage');
const ToolQuantityPage = lazyPage(toolListPages, 'ToolQuantityPage');
const stockPages = () => import('../features/materials/pages/stock-pages');
const ProductListPage = lazyPage(() => import('../features/materials/pages/product-list-page'), 'ProductListPage');
const AllProductsPage = lazyPage(() => import('../features/materials/pages/all-products-page'), 'AllProductsPage');
const StoreUserMaterialsPage = lazyPage(() => import('../features/materials/pages/store-user-materials-page'), 'StoreUserMaterialsPage');
const CreateMaterialPage = lazyPage(() => import('../features/materials/pages/create-material-page'), 'CreateMaterialPage');
const TotalStockPage = lazyPage(stockPages, 'TotalStockPage');
const AvailableStockPage = lazyPage(stockPages, 'AvailableStockPage');
const AddStockPage = lazyPage(stockPages, 'AddStockPage');
const TrackSuppliesPage = lazyPage(stockPages, 'TrackSuppliesPage');
const AddToolPage = lazyPage(() => import('../features/tools/pages/add-tool-page'), 'AddToolPage');
const NewInventoryPage = lazyPage(() => import('../features/deliveries/pages/new-inventory-page'), 'NewInventoryPage');
const SupplyManagementPage = lazyPage(() => import('../features/deliveries/pages/supply-management-page'), 'SupplyManagementPage');

const reportPages = () => import('../features/reports/pages/report-pages');
const AdminReportPage = lazyPage(reportPages, 'AdminReportPage');
const KeeperReportPage = lazyPage(reportPages, 'KeeperReportPage');

const countPages = () => import('../features/counts/pages/count-pages');
const CountsPage = lazyPage(countPages, 'CountsPage');
const CountPage = lazyPage(countPages, 'CountPage');

const custodyPages = () => import('../features/custody/pages/custody-pages');
const ToolsOutPage = lazyPage(custodyPages, 'ToolsOutPage');
const WorkersPage = lazyPage(custodyPages, 'WorkersPage');
const WorkerPage = lazyPage(custodyPages, 'WorkerPage');

const NeedsAttentionPage = lazyPage(() => import('../features/offline/pages/needs-attention-page'), 'NeedsAttentionPage');
const LowStockPage = lazyPage(() => import('../features/replenishment/pages/low-stock-page'), 'LowStockPage');
const ExpiringPage = lazyPage(() => import('../features/replenishment/pages/expiring-page'), 'ExpiringPage');
const NotificationsPage = lazyPage(() => import('../features/replenishment/pages/notifications-page'), 'NotificationsPage');
const notifications = <NotificationsPage />;

const transferPages = () => import('../features/transfers/pages/transfer-pages');
const RequestsPage = lazyPage(transferPages, 'RequestsPage');
const TransfersPage = lazyPage(transferPages, 'TransfersPage');
const TransferPage = lazyPage(transferPages, 'TransferPage');

const ImportPage = lazyPage(() => import('../features/imports/pages/import-page'), 'ImportPage');
const importPage = <ImportPage />;

const AuditPage = lazyPage(() => import('../features/audit/pages/audit-page'), 'AuditPage');
const ExceptionsPage = lazyPage(() => import('../features/exceptions/pages/exceptions-page'), 'ExceptionsPage');

const ValuationPage = lazyPage(() => import('../features/valuation/pages/valuation-page'), 'ValuationPage');
const valuation = <ValuationPage />;
const JobCostPage = lazyPage(() => import('../features/jobs/pages/job-cost-page'), 'JobCostPage');
const jobCost = <JobCostPage />;
const JobsPage = lazyPage(() => import('../features/jobs/pages/jobs-page'), 'JobsPage');
const SuppliersPage = lazyPage(() => import('../features/suppliers/pages/suppliers-page'), 'SuppliersPage');
const ServicePage = lazyPage(() => import('../features/service/pages/service-page'), 'ServicePage');
const UnitPage = lazyPage(() => import('../features/service/pages/unit-page'), 'UnitPage');
const ToolUnitsPage = lazyPage(() => import('../features/service/pages/tool-units-page'), 'ToolUnitsPage');
const WebhooksPage = lazyPage(() => import('../features/webhooks/pages/webhooks-page'), 'WebhooksPage');
const JournalPage = lazyPage(() => import('../features/journal/pages/journal-page'), 'JournalPage');
const purchaseOrderPages = () => import('../features/purchase-orders/pages/purchase-order-pages');
const PurchaseOrdersPage = lazyPage(purchaseOrderPages, 'PurchaseOrdersPage');
const PurchaseOrderPage = lazyPage(purchaseOrderPages, 'PurchaseOrderPage');
const SupplierInvoicesPage = lazyPage(() => import('../features/supplier-invoices/pages/supplier-invoices-page'), 'SupplierInvoicesPage');
const ReceivedNotInvoicedPage = lazyPage(
  () => import('../features/supplier-invoices/pages/received-not-invoiced-page'),
  'ReceivedNotInvoicedPage',
);

const changePassword = <ChangePasswordPage />;
const sessions = <SessionsPage />;
const account = <AccountPage />;
const createMaterial = <CreateMaterialPage />;
const addTool = <AddToolPage />;

/** Every signed-in route, with the screen each role sees there; a role without one is sent to /dashboard. */
export const screens: Record<string, Screens> = {
  '/dashboard/admin': { admin: <AdminHubPage /> },
  '/dashboard/storemanagement': { admin: <StoreManagementPage /> },
  '/dashboard/inventory': { admin: <InventoryHubPage /> },
  '/dashboard/createstore': { admin: <CreateStorePage /> },
  '/dashboard/allstores': { admin: <AllStoresPage /> },
  '/dashboard/createuser': { admin: <CreateUserPage /> },
  '/dashboard/allusers': { admin: <AllUsersPage /> },
  '/dashboard/changepassword': { admin: changePassword, user: changePassword, 'store-user': changePassword },
  '/dashboard/sessions': { admin: sessions, user: sessions, 'store-user': sessions, manager: sessions },
  '/dashboard/account': { admin: account, user: account, 'store-user': account, manager: account },
  '/dashboard/productlist': { admin: <ProductListPage /> },
  '/dashboard/addtools': { admin: addTool },
  '/dashboard/alltools': { admin: <ToolListPage variant="admin" />, 'store-user': <ToolListPage variant="store-user" /> },
  '/dashboard/damagetools': { admin: <ToolQuantityPage kind="damage" /> },
  '/dashboard/refundtools': { admin: <ToolQuantityPage kind="return" /> },
  '/dashboard/consumetools': { admin: <ToolQuantityPage kind="issue" /> },
  '/dashboard/tracksupplies': { admin: <TrackSuppliesPage /> },
  '/dashboard/totalstock': { admin: <TotalStockPage /> },
  '/dashboard/newinventory': { admin: <NewInventoryPage /> },
  '/dashboard/addstock': { admin: <AddStockPage /> },
  '/dashboard/availablestock': { admin: <AvailableStockPage /> },
  '/dashboard/generatereport': { admin: <AdminReportPage />, user: <KeeperReportPage /> },
  '/dashboard/manager-dashboard': { user: <ManagerHubPage />, manager: <ManagerPlaceholderPage /> },
  '/dashboard/addproduct': { admin: createMaterial, user: createMaterial },
  '/dashboard/allproducts': { user: <AllProductsPage /> },
  '/dashboard/consumestock': { user: <MaterialMovementPage kind="issue" /> },
  '/dashboard/damagestock': { user: <MaterialMovementPage kind="damage" /> },
  '/dashboard/refundstock': { user: <MaterialMovementPage kind="return" /> },
  '/dashboard/supplymanagement': { user: <SupplyManagementPage /> },
  '/dashboard/addtool': { user: addTool },
  '/dashboard/alltool': { user: <ToolListPage variant="keeper" /> },
  '/dashboard/damagetool': { user: <ToolMovementPage kind="damage" /> },
  '/dashboard/refundtool': { user: <ToolMovementPage kind="return" /> },
  '/dashboard/consumetool': { user: <ToolMovementPage kind="issue" /> },
  '/dashboard/restockproduct': { user: <MaterialMovementPage kind="purchase" /> },
  '/dashboard/transferproduct': { user: <MaterialMovementPage kind="transfer" /> },
  '/dashboard/store-user-dashboard': { 'store-user': <StoreUserMaterialsPage /> },
  '/dashboard/audit': { admin: <AuditPage /> },
  '/dashboard/exceptions': { admin: <ExceptionsPage />, user: <ExceptionsPage /> },
  '/dashboard/import': { admin: importPage, user: importPage },
  '/dashboard/counts': { admin: <CountsPage />, user: <CountsPage /> },
  '/dashboard/counts/:id': { admin: <CountPage />, user: <CountPage /> },
  '/dashboard/notifications': { admin: notifications, user: notifications, 'store-user': notifications, manager: notifications },
  '/dashboard/lowstock': { admin: <LowStockPage />, user: <LowStockPage /> },
  '/dashboard/expiring': { admin: <ExpiringPage />, user: <ExpiringPage />, 'store-user': <ExpiringPage /> },
  '/dashboard/needs-attention': { admin: <NeedsAttentionPage />, user: <NeedsAttentionPage /> },
  '/dashboard/toolsout': { admin: <ToolsOutPage />, user: <ToolsOutPage />, 'store-user': <ToolsOutPage /> },
  '/dashboard/workers': { admin: <WorkersPage />, user: <WorkersPage /> },
  '/dashboard/workers/:id': { admin: <WorkerPage />, user: <WorkerPage /> },
  '/dashboard/requests': { admin: <RequestsPage />, user: <RequestsPage /> },
  '/dashboard/transfers': { admin: <TransfersPage />, user: <TransfersPage /> },
  '/dashboard/transfers/:id': { admin: <TransferPage />, user: <TransferPage /> },
  '/dashboard/valuation': { admin: valuation, user: valuation },
  '/dashboard/jobcost': { admin: jobCost, user: jobCost },
  '/dashboard/jobs': { admin: <JobsPage /> },
  '/dashboard/suppliers': { admin: <SuppliersPage /> },
  '/dashboard/webhooks': { admin: <WebhooksPage /> },
  '/dashboard/service': { admin: <ServicePage />, user: <ServicePage /> },
  '/dashboard/tool-units/:id': { admin: <UnitPage />, user: <UnitPage />, 'store-user': <UnitPage /> },
  '/dashboard/tools/:id/units': { admin: <ToolUnitsPage />, user: <ToolUnitsPage />, 'store-user': <ToolUnitsPage /> },
  '/dashboard/journal': { admin: <JournalPage /> },
  '/dashboard/purchase-orders': { admin: <PurchaseOrdersPage />, user: <PurchaseOrdersPage /> },
  '/dashboard/purchase-orders/:id': { admin: <PurchaseOrderPage />, user: <PurchaseOrderPage /> },
  '/dashboard/supplier-invoices': { admin: <SupplierInvoicesPage /> },
  '/dashboard/received-not-invoiced': { admin: <ReceivedNotInvoicedPage /> },
};

/** Each signed-in role's frame: admin and store user have sidebars, a keeper works from the top bar, a manager has none. */
export const layouts: Record<Role, (ComponentType & { preload: () => Promise<unknown> }) | null> = {
  admin: AdminLayout,
  user: KeeperLayout,
  'store-user': StoreUserLayout,
  manager: null,
};

/**
 * Starts fetching the signed-in frame's and the screen's code and texts as the app starts, while its own
 * code runs, rather than one after the other once each is drawn.
 */
export function preloadStartingScreen(pathname: string): void {
  const role = getRole();
  if (!role) return;
  layouts[role]?.preload().catch(() => undefined);
  preloadScreen(screens[pathname]?.[role]);
}
