import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import classes from './small-group-dot.module.css';

/** The small group's colour as a dot; the colour's name is always written beside it. */
export function SmallGroupDot({ color }: { color: TSmallGroup }) {
  return <span className={classes.dot} data-color={color} aria-hidden="true" />;
}
