import { Group } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { NavLink, Outlet } from '../../lib/router.tsx';
import classes from './shop-layout.module.css';

const SHOP_PAGES = [
  { key: 'coins', to: '/teacher/shop/coins' },
  { key: 'upgrades', to: '/teacher/shop/upgrades' },
] as const;

/** The shop's pages share a small navigation: coins and upgrades (more groups). */
export function ShopLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Group component="nav" aria-label={t('shop.nav.label')} gap={6} mb="lg" className={classes.nav}>
        {SHOP_PAGES.map((page) => (
          <NavLink key={page.key} to={page.to} className={classes.link}>
            {t(`shop.nav.${page.key}`)}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </>
  );
}
