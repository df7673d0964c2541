import { matchPath } from 'react-router';

/**
 * The name of each keeper screen in the phone's top bar, as the hub's button for it reads; a screen
 * not named here shows the store alone.
 */
export const PAGE_TITLES: Record<string, string> = {
  '/dashboard/manager-dashboard': 'hub.title',
  '/dashboard/addproduct': 'hub.addMaterial',
  '/dashboard/allproducts': 'hub.allMaterials',
  '/dashboard/consumestock': 'hub.issuedMaterial',
  '/dashboard/damagestock': 'hub.damageMaterial',
  '/dashboard/refundstock': 'hub.returnMaterial',
  '/dashboard/addtool': 'hub.addTool',
  '/dashboard/alltool': 'hub.allTool',
  '/dashboard/import': 'hub.import',
  '/dashboard/damagetool': 'hub.damageTool',
  '/dashboard/refundtool': 'hub.returnTool',
  '/dashboard/consumetool': 'hub.issuedTool',
  '/dashboard/restockproduct': 'hub.newPurchase',
  '/dashboard/transferproduct': 'hub.transferFromWarehouse',
  '/dashboard/generatereport': 'hub.generateReport',
  '/dashboard/valuation': 'money.valuation',
  '/dashboard/jobcost': 'jobs.cost',
  '/dashboard/counts': 'hub.stockCount',
  '/dashboard/counts/:id': 'hub.stockCount',
  '/dashboard/toolsout': 'hub.toolsOut',
  '/dashboard/exceptions': 'nav.exceptions',
  '/dashboard/service': 'service.title',
  '/dashboard/tool-units/:id': 'service.title',
  '/dashboard/tools/:id/units': 'hub.allTool',
  '/dashboard/workers': 'custody.workers',
  '/dashboard/workers/:id': 'custody.workers',
  '/dashboard/lowstock': 'hub.lowStock',
  '/dashboard/expiring': 'batches.title',
  '/dashboard/requests': 'hub.requests',
  '/dashboard/transfers': 'hub.transfers',
  '/dashboard/transfers/:id': 'hub.transfers',
  '/dashboard/purchase-orders': 'purchases.title',
  '/dashboard/purchase-orders/:id': 'purchases.title',
  '/dashboard/needs-attention': 'hub.needsAttention',
  '/dashboard/notifications': 'notifications.title',
  '/dashboard/sessions': 'common.sessions',
  '/dashboard/account': 'common.account',
  '/dashboard/changepassword': 'common.changePassword',
};

/** The i18n key of the name of the screen at `pathname`, if it has one. */
export function pageTitleOf(pathname: string): string | undefined {
  const pattern = Object.keys(PAGE_TITLES).find((path) => matchPath(path, pathname));
  return pattern ? PAGE_TITLES[pattern] : undefined;
}
