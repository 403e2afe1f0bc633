import { Link } from '../lib/router.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { CoinIcon } from './icons.tsx';
import classes from './logo.module.css';

/**
 * The app name with its coin; a link home unless `to` is null. `compactOnPhones` leaves the coin
 * alone on a phone's header when it needs the room (the name is still read).
 */
export function Logo({ to = '/', compactOnPhones = false }: { to?: string | null; compactOnPhones?: boolean }) {
  const { t } = useTranslation();
  const inner = (
    <>
      <CoinIcon size={28} />
      <span className={compactOnPhones ? classes.compactName : undefined}>{t('app.name')}</span>
    </>
  );
  if (to === null) return <span className={classes.logo}>{inner}</span>;
  return (
    <Link to={to} className={classes.logo}>
      {inner}
    </Link>
  );
}
