/** The public pages' navigation: the top bar and the phone menu. */
export const PUBLIC_NAV = [
  { to: '/about', key: 'about' },
  { to: '/tutorials', key: 'tutorials' },
  { to: '/community', key: 'community' },
  { to: '/contact', key: 'contact' },
  { to: '/proto', key: 'demo' },
] as const;

/**
 * The footer's links (and the phone menu's last ones): the legal texts and the pages about the
 * service. Whole keys, from `nav` on: a key that began with the legal texts' own section would
 * count as showing them (build/locale-bundles.ts) and bring those long texts to the front page.
 */
export const FOOTER_LINKS = [
  { to: '/legal/terms', key: 'nav.legal.terms' },
  { to: '/legal/privacy', key: 'nav.legal.privacy' },
  { to: '/legal/cookies', key: 'nav.legal.cookies' },
  { to: '/contact', key: 'nav.public.contact' },
  { to: '/about', key: 'nav.public.about' },
] as const;

export const ROLE_LINKS = [
  { to: '/student/signup', key: 'studentSignup' },
  { to: '/student/login', key: 'studentLogin' },
  { to: '/teacher/signup', key: 'teacherSignup' },
  { to: '/teacher/login', key: 'teacherLogin' },
] as const;
