import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from './icons.tsx';
import classes from './logo.module.css';

/** The app name with its coin; a link home unless `to` is null. */
export function Logo({ to = '/' }: { to?: string | null }) {
  const { t } = useTranslation();
  const inner = (
    <>
      <CoinIcon size={28} />
      <span>{t('app.name')}</span>
    </>
  );
  if (to === null) return <span className={classes.logo}>{inner}</span>;
  return (
    <Link to={to} className={classes.logo}>
      {inner}
    </Link>
  );
}
