import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from '../lib/router.tsx';
import { bannerSurvivesNavigationTo, clearBannerOnNavigation } from '../lib/banner.ts';

/** Spec section 2: the banner goes away on navigation, except to the login, signup and password pages. */
function useClearBannerOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!bannerSurvivesNavigationTo(pathname)) clearBannerOnNavigation();
  }, [pathname]);
}

export function RootLayout() {
  useClearBannerOnNavigation();
  return <Outlet />;
}
