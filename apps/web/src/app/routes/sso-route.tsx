// Issue 34: /teacher/sso, a first sign-in through a provider: its own chunk, fetched only by the
// browser the provider sent back here.
export { SsoPage as SsoRoute } from '../../features/auth/components/sso-page.tsx';
