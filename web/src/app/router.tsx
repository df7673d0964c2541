import type { Role } from '@stockyard/contract';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { ChangePasswordPage } from '../features/auth/pages/change-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import {
  AdminHubPage,
  ComingSoonPage,
  InventoryHubPage,
  ManagerHubPage,
  ManagerPlaceholderPage,
  StoreManagementPage,
} from '../features/dashboard/pages/hubs';
import { AllStoresPage } from '../features/stores/pages/all-stores-page';
import { CreateStorePage } from '../features/stores/pages/create-store-page';
import { AllUsersPage } from '../features/users/pages/all-users-page';
import { CreateUserPage } from '../features/users/pages/create-user-page';
import { homeOf } from '../lib/home';
import { useRole } from '../lib/use-session';
import { AdminLayout, KeeperLayout, StoreUserLayout } from './layouts/layouts';
import { RouteError } from './route-error';

type Screens = Partial<Record<Role, ReactNode>>;

function soon(title: string): ReactNode {
  return <ComingSoonPage title={title} />;
}

const changePassword = <ChangePasswordPage />;

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
  '/dashboard/productlist': { admin: soon('Material List') },
  '/dashboard/addtools': { admin: soon('Tool Entry') },
  '/dashboard/alltools': { admin: soon('View Tools'), 'store-user': soon('Tool List') },
  '/dashboard/damagetools': { admin: soon('Damage Tools') },
  '/dashboard/refundtools': { admin: soon('Return Tools') },
  '/dashboard/consumetools': { admin: soon('Issued Tools') },
  '/dashboard/tracksupplies': { admin: soon('Track Supplies') },
  '/dashboard/totalstock': { admin: soon('Total Stock') },
  '/dashboard/newinventory': { admin: soon('New Inventory Entry') },
  '/dashboard/addstock': { admin: soon('Add Stock') },
  '/dashboard/availablestock': { admin: soon('Stock Availability') },
  '/dashboard/generatereport': { admin: soon('Generate Report'), user: soon('Generate Store Report') },
  '/dashboard/manager-dashboard': { user: <ManagerHubPage />, manager: <ManagerPlaceholderPage /> },
  '/dashboard/addproduct': { user: soon('Create Material') },
  '/dashboard/allproducts': { user: soon('Material List') },
  '/dashboard/consumestock': { user: soon('Add Issued Material') },
  '/dashboard/damagestock': { user: soon('Add Damage Material') },
  '/dashboard/refundstock': { user: soon('Add Return Material') },
  '/dashboard/supplymanagement': { user: soon('View Supplies') },
  '/dashboard/addtool': { user: soon('Tool Entry') },
  '/dashboard/alltool': { user: soon('View Tools') },
  '/dashboard/damagetool': { user: soon('Add Damage Tool') },
  '/dashboard/refundtool': { user: soon('Refund Tool') },
  '/dashboard/consumetool': { user: soon('Issued Tool') },
  '/dashboard/restockproduct': { user: soon('Restock Material') },
  '/dashboard/transferproduct': { user: soon('Transfer from Warehouse') },
  '/dashboard/store-user-dashboard': { 'store-user': soon('Material List') },
};

function RoleScreen({ byRole }: { byRole: Screens }) {
  const role = useRole();
  const screen = role ? byRole[role] : undefined;
  return screen ?? <Navigate to="/dashboard" replace />;
}

/** The frame of the signed-in role: admin and store user have sidebars, a keeper works from the top bar. */
function RoleLayout() {
  const role = useRole();
  switch (role) {
    case null:
      return <Navigate to="/" replace />;
    case 'admin':
      return <AdminLayout />;
    case 'user':
      return <KeeperLayout />;
    case 'store-user':
      return <StoreUserLayout />;
    default:
      return <Outlet />;
  }
}

/** SPEC.md section 2 "Login and entry": without a role / is the login screen and everything else leads there. */
function Entry() {
  const role = useRole();
  return role ? <Navigate to="/dashboard" replace /> : <LoginPage />;
}

function DashboardRedirect() {
  const role = useRole();
  return <Navigate to={role ? homeOf(role) : '/'} replace />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Entry /> },
      { path: '/dashboard', element: <DashboardRedirect /> },
      {
        element: <RoleLayout />,
        children: Object.entries(screens).map(([path, byRole]) => ({ path, element: <RoleScreen byRole={byRole} /> })),
      },
      { path: '*', element: <DashboardRedirect /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
