import { Container } from '@mantine/core';
import { Outlet } from '../../lib/router.tsx';
import { NotificationBanner } from '../../components/notification-banner.tsx';

/** The front page and information pages: full width content under the banner. */
export function PageLayout() {
  return (
    <Container size="lg">
      <NotificationBanner />
      <Outlet />
    </Container>
  );
}
