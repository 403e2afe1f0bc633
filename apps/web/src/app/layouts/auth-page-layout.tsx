import { Container, Stack } from '@mantine/core';
import { Outlet } from '../../lib/router.tsx';
import { NotificationBanner } from '../../components/notification-banner.tsx';

/** Login, signup and password pages: one centred card with the banner right above it. */
export function AuthPageLayout() {
  return (
    <Container size={480} px={{ base: 'sm', xs: 'md' }}>
      <Stack gap={0} align="stretch">
        <NotificationBanner />
        <Outlet />
      </Stack>
    </Container>
  );
}
