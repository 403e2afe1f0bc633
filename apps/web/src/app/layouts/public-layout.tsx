import { Anchor, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, NavLink, Outlet } from '../../lib/router.tsx';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { Logo } from '../../components/logo.tsx';
import classes from './public-layout.module.css';
import { FOOTER_LINKS, PUBLIC_NAV } from './public-nav.ts';

// The phone menu (Mantine's Drawer: focus trap, scroll lock, portal) is fetched on the first tap on the menu button.
const PublicMenuDrawer = lazyDialog<{ opened: boolean; onClose: () => void }>(
  () => import('./public-menu-drawer.tsx').then((module) => module.PublicMenuDrawer),
  (props) => props.opened,
);


/** Public pages: a top bar with links on wide screens, a drawer menu under the 900 px breakpoint. */
export function PublicLayout() {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);

  return (
    <div className={classes.page}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Logo />
          <Group component="nav" aria-label={t('nav.publicLabel')} gap={4} visibleFrom="sm" wrap="nowrap">
            {PUBLIC_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.link}>
                {t(`nav.public.${item.key}`)}
              </NavLink>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageToggle />
            <Burger
              hiddenFrom="sm"
              opened={opened}
              onClick={drawer.toggle}
              aria-label={t('nav.menu')}
              aria-expanded={opened}
              aria-controls="public-menu"
              size="sm"
            />
          </Group>
        </Container>
      </header>

      <PublicMenuDrawer opened={opened} onClose={drawer.close} />

      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dark.4">
              © {new Date().getFullYear()} {t('app.name')} · {t('front.footer')}
            </Text>
            <Group component="nav" aria-label={t('nav.footerLabel')} gap="md" data-testid="public-footer-links">
              {FOOTER_LINKS.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm" c="dark.5">
                  {t(item.key)}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
