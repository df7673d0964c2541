import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { homeOf } from '../lib/home';
import { useRole } from '../lib/use-session';
import { RouteErrorBoundary } from './route-error';
import { layouts, preloadScreen, type Screens, screens } from './screens';

/** Shown while a screen's code arrives, which on a weak site connection can take a moment. */
function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h={240} aria-busy="true" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}

function RoleScreen({ byRole }: { byRole: Screens }) {
  const role = useRole();
  const screen = role ? byRole[role] : undefined;
  if (!screen) return <Navigate to="/dashboard" replace />;
  return <Suspense fallback={<PageLoader />}>{screen}</Suspense>;
}

/** The frame of the signed-in role: admin and store user have sidebars, a keeper works from the top bar. */
function RoleLayout() {
  const role = useRole();
  const { pathname } = useLocation();
  useEffect(() => {
    if (role) preloadScreen(screens[pathname]?.[role]);
  }, [pathname, role]);
  if (role === null) return <Navigate to="/" replace />;
  const Layout = layouts[role] ?? Outlet;
  return (
    <Suspense fallback={<PageLoader />}>
      <Layout />
    </Suspense>
  );
}

/** Without a role, / is the login screen and everything else leads there. */
function Entry() {
  const role = useRole();
  return role ? <Navigate to="/dashboard" replace /> : <LoginPage />;
}

function DashboardRedirect() {
  const role = useRole();
  return <Navigate to={role ? homeOf(role) : '/'} replace />;
}

export const routes: RouteObject[] = [
  { path: '/', element: <Entry /> },
  { path: '/dashboard', element: <DashboardRedirect /> },
  {
    element: <RoleLayout />,
    children: Object.entries(screens).map(([path, byRole]) => ({ path, element: <RoleScreen byRole={byRole} /> })),
  },
  { path: '*', element: <DashboardRedirect /> },
];

/** The screen at the browser's address, inside whichever router holds that address. */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
