import { useEffect } from 'react';
import { tellDemoEnded } from '../lib/api-client.ts';
import { Navigate, Outlet } from '../lib/router.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { areaOf, homePath, signInPath, useSession, type UserArea } from '../lib/auth.ts';

/**
 * Spec section 2: an area needs its own role; the other role goes home, a visitor to the login
 * page, with the no-auth message only when this browser's session ended (docs/decisions.md, issue 14).
 */
export function RequireArea({ area }: { area: UserArea }) {
  const { user, isPending, hasEnded = false } = useSession();
  // In a demo frame at /proto a missing session means the demo is gone: /proto offers a new one
  // (a session the server stops knowing while in use is told by lib/auth.ts's 401 handler).
  const signedOut = !isPending && !user;
  useEffect(() => {
    if (signedOut) tellDemoEnded();
  }, [signedOut]);
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
