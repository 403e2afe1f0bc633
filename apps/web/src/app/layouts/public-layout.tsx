import { Anchor, Burger, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { Logo } from '../../components/logo.tsx';
import classes from './public-layout.module.css';

const PUBLIC_NAV = [
  { to: '/about', key: 'about' },
  { to: '/tutorials', key: 'tutorials' },
  { to: '/community', key: 'community' },
  { to: '/contact', key: 'contact' },
  { to: '/proto', key: 'demo' },
] as const;

const ROLE_LINKS = [
  { to: '/student/signup', key: 'studentSignup' },
  { to: '/student/login', key: 'studentLogin' },
  { to: '/teacher/signup', key: 'teacherSignup' },
  { to: '/teacher/login', key: 'teacherLogin' },
] as const;

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

      <Drawer
        id="public-menu"
        opened={opened}
        onClose={drawer.close}
        hiddenFrom="sm"
        size={300}
        title={<Logo to={null} />}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <Stack gap="lg">
          <Stack component="nav" aria-label={t('nav.publicLabel')} gap={4}>
            {PUBLIC_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.drawerLink} onClick={drawer.close}>
                {t(`nav.public.${item.key}`)}
              </NavLink>
            ))}
          </Stack>
          <Divider />
          <Stack gap={4} aria-label={t('nav.accountLabel')} component="nav">
            {ROLE_LINKS.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.drawerLink} onClick={drawer.close}>
                {t(`nav.roles.${item.key}`)}
              </NavLink>
            ))}
          </Stack>
          <Divider />
          <LanguageToggle size="sm" />
        </Stack>
      </Drawer>

      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dark.4">
              © {new Date().getFullYear()} {t('app.name')} · {t('front.footer')}
            </Text>
            <Group gap="md">
              <Anchor component={Link} to="/contact" size="sm" c="dark.5">
                {t('nav.public.contact')}
              </Anchor>
              <Anchor component={Link} to="/about" size="sm" c="dark.5">
                {t('nav.public.about')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
