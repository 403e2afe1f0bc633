import { Divider, Drawer, Stack } from '@mantine/core';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { Logo } from '../../components/logo.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useOpenAfterMount } from '../../lib/lazy-dialog.tsx';
import { NavLink } from '../../lib/router.tsx';
import { FOOTER_LINKS, PUBLIC_NAV, ROLE_LINKS } from './public-nav.ts';
import classes from './public-layout.module.css';

/** The public pages' menu under the 900 px breakpoint (PublicLayout fetches it on the first tap). */
export function PublicMenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const open = useOpenAfterMount(opened);
  return (
    <Drawer
      id="public-menu"
      opened={open}
      onClose={onClose}
      hiddenFrom="sm"
      size={300}
      title={<Logo to={null} />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap="lg">
        <Stack component="nav" aria-label={t('nav.publicLabel')} gap={4}>
          {PUBLIC_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.drawerLink} onClick={onClose}>
              {t(`nav.public.${item.key}`)}
            </NavLink>
          ))}
        </Stack>
        <Divider />
        <Stack gap={4} aria-label={t('nav.accountLabel')} component="nav">
          {ROLE_LINKS.map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.drawerLink} onClick={onClose}>
              {t(`nav.roles.${item.key}`)}
            </NavLink>
          ))}
        </Stack>
        <Divider />
        <LanguageToggle size="sm" />
        <Stack component="nav" aria-label={t('nav.footerLabel')} gap={0}>
          {FOOTER_LINKS.filter((item) => item.to.startsWith('/legal/')).map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.drawerSmallLink} onClick={onClose}>
              {t(item.key)}
            </NavLink>
          ))}
        </Stack>
      </Stack>
    </Drawer>
  );
}
