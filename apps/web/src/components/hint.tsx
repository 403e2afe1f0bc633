import type { ReactNode } from 'react';
import classes from './hint.module.css';

/**
 * A short hint over a control (hover, keyboard focus, tap), drawn in CSS: where Mantine's Tooltip
 * would bring its positioning engine (about 20 KB) to a page for a line of text. `align="end"`
 * lines it up with the control's right edge, for a control at the right of the screen (`start`,
 * the left edge, for one at the left). `className`
 * places the pair where the control would be (a grid area).
 */
export function Hint({ label, align = 'center', className, children }: { label: string; align?: 'start' | 'center' | 'end'; className?: string; children: ReactNode }) {
  return (
    <span className={className ? `${classes.hint} ${className}` : classes.hint} data-hint={label} data-align={align}>
      {children}
    </span>
  );
}
