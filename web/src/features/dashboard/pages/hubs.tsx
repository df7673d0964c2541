import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { logout } from '../../auth/api/logout';
import { OverdueBadge } from '../../custody/components/overdue-badge';
import { NeedsAttentionBadge } from '../../offline/components/needs-attention-badge';
import { LowStockBadge } from '../../replenishment/components/low-stock-badge';
import { IncomingTransfersBadge, WaitingRequestsBadge } from '../../transfers/components/transfer-badges';
import { ButtonHub } from '../components/button-hub';
import { DashboardPanel } from '../components/dashboard-panel';

export function AdminHubPage() {
  return (
    <ButtonHub
      title="Admin Role"
      above={<DashboardPanel />}
      buttons={[
        { label: 'Create Users', to: '/dashboard/createuser' },
        { label: 'All Users', to: '/dashboard/allusers' },
        { label: 'Create New Store', to: '/dashboard/createstore' },
        { label: 'Check Store Details', to: '/dashboard/allstores' },
      ]}
    />
  );
}

export function StoreManagementPage() {
  return (
    <ButtonHub
      title="Store Management"
      buttons={[
        { label: 'Create Store', to: '/dashboard/createstore' },
        { label: 'Manage Stores', to: '/dashboard/allstores' },
      ]}
    />
  );
}

export function InventoryHubPage() {
  return (
    <ButtonHub
      title="Inventory Management"
      buttons={[
        { label: 'Materials', to: '/dashboard/productlist' },
        { label: 'Tool Entry', to: '/dashboard/addtools' },
        { label: 'Import', to: '/dashboard/import' },
        { label: 'Tools', to: '/dashboard/alltools' },
        { label: 'Damage Tools', to: '/dashboard/damagetools' },
        { label: 'Return Tools', to: '/dashboard/refundtools' },
        { label: 'Issued Tools', to: '/dashboard/consumetools' },
        { label: 'Generate Report', to: '/dashboard/generatereport' },
        { label: 'Stock Counts', to: '/dashboard/counts' },
        { label: 'Tools Out', to: '/dashboard/toolsout', badge: <OverdueBadge /> },
        { label: 'Low Stock', to: '/dashboard/lowstock', badge: <LowStockBadge /> },
        { label: 'Requests', to: '/dashboard/requests', badge: <WaitingRequestsBadge /> },
        { label: 'Transfers', to: '/dashboard/transfers' },
        { label: 'Needs attention', to: '/dashboard/needs-attention', badge: <NeedsAttentionBadge /> },
      ]}
    />
  );
}

export function ManagerHubPage() {
  const { t } = useTranslation();
  return (
    <ButtonHub
      title={t('hub.title')}
      above={<DashboardPanel />}
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
        { label: t('hub.stockCount'), to: '/dashboard/counts' },
        { label: t('hub.toolsOut'), to: '/dashboard/toolsout', badge: <OverdueBadge /> },
        { label: t('hub.lowStock'), to: '/dashboard/lowstock', badge: <LowStockBadge /> },
        { label: t('hub.requests'), to: '/dashboard/requests' },
        { label: t('hub.transfers'), to: '/dashboard/transfers', badge: <IncomingTransfersBadge /> },
        { label: t('hub.needsAttention'), to: '/dashboard/needs-attention', badge: <NeedsAttentionBadge /> },
      ]}
    />
  );
}

/** The manager role has no screens of its own yet (docs/SPEC.md section 6). */
export function ManagerPlaceholderPage() {
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>Welcome to Inventory System</Title>
      <Text>Your role has no screens yet. Ask an admin for a Store Keeper account.</Text>
      <Button w="fit-content" onClick={() => void logout()}>
        Logout
      </Button>
    </Stack>
  );
}
