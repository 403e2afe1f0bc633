import { useId } from 'react';
import classes from './choice-group.module.css';

export interface ChoiceGroupProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string }[];
  'aria-label': string;
  className?: string;
  'data-testid'?: string;
}

/**
 * One of a few choices as a row of segments: native radio buttons (arrow keys move between them),
 * drawn as Mantine's SegmentedControl looks. Ours because SegmentedControl brings its floating
 * indicator, ScrollArea and floating-ui, which the shared chunk then carried to every student's
 * first load (bench/web-budgets.mjs).
 */
export function ChoiceGroup<V extends string>({ value, onChange, data, className, ...rest }: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={rest['aria-label']} data-testid={rest['data-testid']} className={`${classes.root} ${className ?? ''}`}>
      {data.map((choice) => (
        <label key={choice.value} className={classes.choice} data-checked={choice.value === value || undefined}>
          <input type="radio" className={classes.input} name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} />
          <span className={classes.label}>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
