import type { Role } from '@stockyard/contract';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
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
import { AdminLayout, KeeperLayout, StoreUserLayout } from './layouts/layouts';
import { RouteError } from './route-error';

function soon(path: string, title: string): RouteObject {
  return { path, element: <ComingSoonPage title={title} /> };
}

const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { path: '/dashboard/admin', element: <AdminHubPage /> },
      { path: '/dashboard/storemanagement', element: <StoreManagementPage /> },
      { path: '/dashboard/inventory', element: <InventoryHubPage /> },
      { path: '/dashboard/createstore', element: <CreateStorePage /> },
      { path: '/dashboard/allstores', element: <AllStoresPage /> },
      { path: '/dashboard/createuser', element: <CreateUserPage /> },
      { path: '/dashboard/allusers', element: <AllUsersPage /> },
      { path: '/dashboard/changepassword', element: <ChangePasswordPage /> },
      soon('/dashboard/productlist', 'Material List'),
      soon('/dashboard/addtools', 'Tool Entry'),
      soon('/dashboard/alltools', 'View Tools'),
      soon('/dashboard/damagetools', 'Damage Tools'),
      soon('/dashboard/refundtools', 'Return Tools'),
      soon('/dashboard/consumetools', 'Issued Tools'),
      soon('/dashboard/tracksupplies', 'Track Supplies'),
      soon('/dashboard/totalstock', 'Total Stock'),
      soon('/dashboard/newinventory', 'New Inventory Entry'),
      soon('/dashboard/addstock', 'Add Stock'),
      soon('/dashboard/availablestock', 'Stock Availability'),
      soon('/dashboard/generatereport', 'Generate Report'),
    ],
  },
];

const keeperRoutes: RouteObject[] = [
  {
    element: <KeeperLayout />,
    children: [
      { path: '/dashboard/manager-dashboard', element: <ManagerHubPage /> },
      { path: '/dashboard/changepassword', element: <ChangePasswordPage /> },
      soon('/dashboard/addproduct', 'Create Material'),
      soon('/dashboard/allproducts', 'Material List'),
      soon('/dashboard/consumestock', 'Add Issued Material'),
      soon('/dashboard/damagestock', 'Add Damage Material'),
      soon('/dashboard/refundstock', 'Add Return Material'),
      soon('/dashboard/supplymanagement', 'View Supplies'),
      soon('/dashboard/generatereport', 'Generate Store Report'),
      soon('/dashboard/addtool', 'Tool Entry'),
      soon('/dashboard/alltool', 'View Tools'),
      soon('/dashboard/damagetool', 'Add Damage Tool'),
      soon('/dashboard/refundtool', 'Refund Tool'),
      soon('/dashboard/consumetool', 'Issued Tool'),
      soon('/dashboard/restockproduct', 'Restock Material'),
      soon('/dashboard/transferproduct', 'Transfer from Warehouse'),
    ],
  },
];

const storeUserRoutes: RouteObject[] = [
  {
    element: <StoreUserLayout />,
    children: [
      soon('/dashboard/store-user-dashboard', 'Material List'),
      soon('/dashboard/alltools', 'Tool List'),
      { path: '/dashboard/changepassword', element: <ChangePasswordPage /> },
    ],
  },
];

const managerRoutes: RouteObject[] = [{ path: '/dashboard/manager-dashboard', element: <ManagerPlaceholderPage /> }];

const routesByRole: Record<Role, RouteObject[]> = {
  admin: adminRoutes,
  user: keeperRoutes,
  'store-user': storeUserRoutes,
  manager: managerRoutes,
};

/**
 * SPEC.md section 2 "Login and entry": without a role only / (the login screen) exists; with one,
 * /dashboard leads to the role's hub and any unknown path to /dashboard.
 */
export function routesFor(role: Role | null): RouteObject[] {
  const roleRoutes = role ? routesByRole[role] : undefined;
  if (!roleRoutes) {
    return [
      { path: '/', element: <LoginPage />, errorElement: <RouteError /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ];
  }
  return [
    {
      errorElement: <RouteError />,
      children: [
        ...roleRoutes,
        { path: '/dashboard', element: <Navigate to={homeOf(role)} replace /> },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ];
}

export function createRouter(role: Role | null) {
  return createBrowserRouter(routesFor(role));
}
