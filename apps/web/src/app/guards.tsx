import { Navigate, Outlet } from '../lib/router.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { areaOf, homePath, signInPath, useSession, type UserArea } from '../lib/auth.ts';

/**
 * Spec section 2: an area needs its own role; the other role goes home, a visitor to the login
 * page, with the no-auth message only when this browser's session ended (docs/decisions.md, issue 14).
 */
export function RequireArea({ area }: { area: UserArea }) {
  const { user, isPending, hasEnded = false } = useSession();
  if (isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={signInPath(area, hasEnded)} replace />;
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
