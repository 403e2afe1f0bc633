/** The public pages' navigation: the top bar and the phone menu. */
export const PUBLIC_NAV = [
  { to: '/about', key: 'about' },
  { to: '/tutorials', key: 'tutorials' },
  { to: '/community', key: 'community' },
  { to: '/contact', key: 'contact' },
  { to: '/proto', key: 'demo' },
] as const;

export const ROLE_LINKS = [
  { to: '/student/signup', key: 'studentSignup' },
  { to: '/student/login', key: 'studentLogin' },
  { to: '/teacher/signup', key: 'teacherSignup' },
  { to: '/teacher/login', key: 'teacherLogin' },
] as const;
