import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { logout } from '../../auth';
import { OverdueBadge } from '../../custody';
import { NeedsAttentionBadge } from '../../offline';
import { ExpiringBadge, LowStockBadge } from '../../replenishment';
import { IncomingTransfersBadge, WaitingRequestsBadge } from '../../transfers';
import { ButtonHub } from '../components/button-hub';
import { DashboardPanel } from '../components/dashboard-panel';

export function AdminHubPage() {
  const { t } = useTranslation();
  return (
    <ButtonHub
      title={t('adminHub.title')}
      above={<DashboardPanel />}
      buttons={[
        { label: t('adminHub.createUsers'), to: '/dashboard/createuser' },
        { label: t('adminHub.allUsers'), to: '/dashboard/allusers' },
        { label: t('adminHub.createStore'), to: '/dashboard/createstore' },
        { label: t('adminHub.storeDetails'), to: '/dashboard/allstores' },
      ]}
    />
  );
}

export function StoreManagementPage() {
  const { t } = useTranslation();
  return (
    <ButtonHub
      title={t('nav.storeManagement')}
      buttons={[
        { label: t('stores.create'), to: '/dashboard/createstore' },
        { label: t('adminHub.manageStores'), to: '/dashboard/allstores' },
      ]}
    />
  );
}

export function InventoryHubPage() {
  const { t } = useTranslation();
  return (
    <ButtonHub
      title={t('hub.title')}
      buttons={[
        { label: t('nav.materials'), to: '/dashboard/productlist' },
        { label: t('tools.entry'), to: '/dashboard/addtools' },
        { label: t('hub.import'), to: '/dashboard/import' },
        { label: t('nav.tools'), to: '/dashboard/alltools' },
        { label: t('lists.damageTools'), to: '/dashboard/damagetools' },
        { label: t('lists.returnTools'), to: '/dashboard/refundtools' },
        { label: t('lists.issueTools'), to: '/dashboard/consumetools' },
        { label: t('hub.generateReport'), to: '/dashboard/generatereport' },
        { label: t('money.valuation'), to: '/dashboard/valuation' },
        { label: t('jobs.cost'), to: '/dashboard/jobcost' },
        { label: t('jobs.title'), to: '/dashboard/jobs' },
        { label: t('suppliers.title'), to: '/dashboard/suppliers' },
        { label: t('purchases.title'), to: '/dashboard/purchase-orders' },
        { label: t('invoices.title'), to: '/dashboard/supplier-invoices' },
        { label: t('journal.title'), to: '/dashboard/journal' },
        { label: t('adminHub.stockCounts'), to: '/dashboard/counts' },
        { label: t('hub.toolsOut'), to: '/dashboard/toolsout', badge: <OverdueBadge /> },
        { label: t('service.title'), to: '/dashboard/service' },
        { label: t('hub.lowStock'), to: '/dashboard/lowstock', badge: <LowStockBadge /> },
        { label: t('batches.title'), to: '/dashboard/expiring', badge: <ExpiringBadge /> },
        { label: t('hub.requests'), to: '/dashboard/requests', badge: <WaitingRequestsBadge /> },
        { label: t('hub.transfers'), to: '/dashboard/transfers' },
        { label: t('hub.needsAttention'), to: '/dashboard/needs-attention', badge: <NeedsAttentionBadge /> },
      ]}
    />
  );
}

export function ManagerHubPage() {
  const { t } = useTranslation();
  return (
    <ButtonHub
      title={t('hub.title')}
      // A keeper opens the hub to record something: the actions come first, the charts under them.
      below={<DashboardPanel belowTheButtons />}
      buttons={[
        { label: t('hub.addMaterial'), to: '/dashboard/addproduct' },
        { label: t('hub.allMaterials'), to: '/dashboard/allproducts' },
        { label: t('hub.issuedMaterial'), to: '/dashboard/consumestock' },
        { label: t('hub.damageMaterial'), to: '/dashboard/damagestock' },
        { label: t('hub.returnMaterial'), to: '/dashboard/refundstock' },
        { label: t('hub.addTool'), to: '/dashboard/addtool' },
        { label: t('hub.allTool'), to: '/dashboard/alltool' },
        { label: t('hub.import'), to: '/dashboard/import' },
        { label: t('hub.damageTool'), to: '/dashboard/damagetool' },
        { label: t('hub.returnTool'), to: '/dashboard/refundtool' },
        { label: t('hub.issuedTool'), to: '/dashboard/consumetool' },
        { label: t('hub.newPurchase'), to: '/dashboard/restockproduct' },
        { label: t('hub.transferFromWarehouse'), to: '/dashboard/transferproduct' },
        { label: t('hub.generateReport'), to: '/dashboard/generatereport' },
        { label: t('money.valuation'), to: '/dashboard/valuation' },
        { label: t('jobs.cost'), to: '/dashboard/jobcost' },
        { label: t('hub.stockCount'), to: '/dashboard/counts' },
        { label: t('hub.toolsOut'), to: '/dashboard/toolsout', badge: <OverdueBadge /> },
        { label: t('service.title'), to: '/dashboard/service' },
        { label: t('hub.lowStock'), to: '/dashboard/lowstock', badge: <LowStockBadge /> },
        { label: t('batches.title'), to: '/dashboard/expiring', badge: <ExpiringBadge /> },
        { label: t('hub.requests'), to: '/dashboard/requests' },
        { label: t('hub.transfers'), to: '/dashboard/transfers', badge: <IncomingTransfersBadge /> },
        { label: t('purchases.title'), to: '/dashboard/purchase-orders' },
        { label: t('hub.needsAttention'), to: '/dashboard/needs-attention', badge: <NeedsAttentionBadge /> },
      ]}
    />
  );
}

/** The manager role has no screens of its own yet: it lands on a page that says so. */
export function ManagerPlaceholderPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>{t('common.welcomeHub')}</Title>
      <Text>{t('adminHub.noScreens')}</Text>
      <Button w="fit-content" onClick={() => void logout()}>
        {t('common.logout')}
      </Button>
    </Stack>
  );
}
