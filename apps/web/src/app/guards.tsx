import { Navigate, Outlet } from '../lib/router.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { areaOf, homePath, loginPath, useSession, type UserArea } from '../lib/auth.ts';

/** Spec section 2: an area needs its own role; the other role goes home, a visitor to the login page. */
export function RequireArea({ area }: { area: UserArea }) {
  const { user, isPending } = useSession();
  if (isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={`${loginPath(area)}?error=AUTH.NO_AUTH`} replace />;
  const userArea = areaOf(user);
  if (userArea !== area) return <Navigate to={homePath(userArea)} replace />;
  return <Outlet />;
}

/** Public pages: a signed-in user is sent to their own home. */
export function PublicOnly() {
  const { user, isPending } = useSession();
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to={homePath(areaOf(user))} replace />;
  return <Outlet />;
}
