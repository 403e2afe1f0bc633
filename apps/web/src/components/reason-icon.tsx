import { Icon, type IconProps } from './icons.tsx';
import type { AwardReasonIcon } from '@kolikko/core/enumerations';

/**
 * Each award reason icon (core's AWARD_REASON_ICONS) as one path of our own, in the line style of
 * icons.tsx (24 × 24, round stroke). One `d` a picture keeps the set small: the groups page,
 * whose JavaScript has a budget, draws them in its reason buttons.
 */
const PATHS: Record<AwardReasonIcon, string> = {
  helping: 'M12 11.5 8.7 8.3a2.2 2.2 0 0 1 3.3-2.9 2.2 2.2 0 0 1 3.3 2.9zM3 14h3l3 2.5h5a1.5 1.5 0 0 0 0-3h-3M3 20h12l5.4-4.6a1.6 1.6 0 0 0-2.2-2.3L15 16',
  teamwork:
    'M3 9.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M17 9.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M9.5 7a2.5 2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0M2 19v-1.5a3 3 0 0 1 4.5-2.6M22 19v-1.5a3 3 0 0 0-4.5-2.6M8 19v-2a4 4 0 0 1 8 0v2',
  'hard-work': 'M6.5 6.5v11M17.5 6.5v11M3.5 9.5v5M20.5 9.5v5M6.5 12h11',
  participating: 'M8 13V5.5a1.5 1.5 0 0 1 3 0V11M11 10.5v-6a1.5 1.5 0 0 1 3 0V11M14 10.5V6a1.5 1.5 0 0 1 3 0v7a7 7 0 0 1-7 7h-.5a6 6 0 0 1-5-2.7L3.6 15a1.5 1.5 0 0 1 2.5-1.7L8 16',
  kindness: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M9 10h.01M15 10h.01M8.5 14.5a4.5 4.5 0 0 0 7 0',
  persistence: 'M3 20 9 10l4 6 3-4 5 8zM9 10V3.5l4.5 1.7L9 7',
  star: 'M12 3.5l2.6 5.3 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z',
  heart: 'M12 20 4.6 12.7a4.8 4.8 0 0 1 7.4-6 4.8 4.8 0 0 1 7.4 6z',
  lightbulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.4.3.6.8.6 1.3V16h6v-.9c0-.5.2-1 .6-1.3A6 6 0 0 0 12 3z',
  book: 'M12 6.5C10 5 7 4.5 3 5v13c4-.5 7 0 9 1.5 2-1.5 5-2 9-1.5V5c-4-.5-7 0-9 1.5zM12 6.5V19',
  pencil: 'M4 20l1-4.5L15.5 5a2.1 2.1 0 0 1 3 3L8 18.5zM13.5 7l3 3',
  music: 'M9 18V5.5l11-2.5v13M3 18a3 3 0 1 0 6 0 3 3 0 1 0-6 0M14 16a3 3 0 1 0 6 0 3 3 0 1 0-6 0',
  sports: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M3 12h18M12 3v18M5.6 5.6a9 9 0 0 1 0 12.8M18.4 5.6a9 9 0 0 0 0 12.8',
  art: 'M12 3a9 9 0 0 0 0 18c1.2 0 1.9-1 1.5-2.1-.4-1.1.4-1.9 1.5-1.9H17a4 4 0 0 0 4-4c0-5.5-4-10-9-10zM7.5 11.5h.01M9.5 7.5h.01M14.5 7.5h.01M17 11h.01',
  science: 'M9 3h6M10 3v6.5l-5.3 8.6A2 2 0 0 0 6.4 21h11.2a2 2 0 0 0 1.7-2.9L14 9.5V3M7.5 15h9',
  numbers: 'M4 7h5M6.5 4.5v5M15 7h5M4.5 15l4 4M8.5 15l-4 4M15 15.5h5M15 18.5h5',
  tidy: 'M20.5 3.5 13 11M10 9.5l4.5 4.5M10 9.5 4.5 12 3 20.5 11.5 19l2.5-5M7 20l1.5-3.5M10.5 19.5l.5-2.5',
  listening: 'M6.5 9a5.5 5.5 0 0 1 11 0c0 2.5-1.4 3.6-2.7 4.7-1.1 1-1.8 2-1.8 3.8a3 3 0 0 1-5.7 1.3M9.5 9a2.5 2.5 0 0 1 5 0',
  'on-time': 'M5 13a7 7 0 1 0 14 0 7 7 0 1 0-14 0M12 9.5V13l2.5 1.5M3.5 5.5l3-2.5M20.5 5.5l-3-2.5',
  creativity: 'M4 20 14.5 9.5M12.5 7.5l4 4M18 2.5v3M16.5 4h3M6.5 4v2M5.5 5h2M19 14v2M18 15h2',
  leadership: 'M4 18h16M4 18 3 7.5l5 3.5 4-6 4 6 5-3.5L20 18z',
  sharing: 'M4 8h14l-3.5-3.5M20 16H6l3.5 3.5',
  focus: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M7 12a5 5 0 1 0 10 0 5 5 0 1 0-10 0M12 12h.01',
  'thumbs-up': 'M7 11v9H4v-9zM7 11l4-7a2 2 0 0 1 3.2 2.2L13 10h5.5a2 2 0 0 1 2 2.4l-1.2 6A2 2 0 0 1 17.3 20H7',
  trophy: 'M8 21h8M12 16.5V21M7 4h10v5.5a5 5 0 0 1-10 0zM7 6H4.5a3 3 0 0 0 2.8 4M17 6h2.5a3 3 0 0 1-2.8 4',
  rocket: 'M9.5 14.5 7 12c2-5.5 6-8.5 12.5-9C19 9.5 16 13.5 12 16zM7 12H3.5L6 8.5h4M12 16v3.5l3.5-2.5v-4M14.5 7.5h.01M6.5 17C4.5 18 4 20 4 20s2-.5 3-2.5',
  'needs-work': 'M12 21v-9M12 12c0-3.5-2.5-5.5-7-5.5 0 4 2.5 5.5 7 5.5zM12 10c0-3.5 2.5-5.5 7-5.5 0 4-2.5 5.5-7 5.5z',
  noise: 'M4 9.5h3l5-4v13l-5-4H4zM16 9.5a3.5 3.5 0 0 1 0 5M18.5 7a7 7 0 0 1 0 10',
};

/** An award reason's picture: decorative, the reason's name says what it is. */
export function ReasonIcon({ icon, ...props }: { icon: AwardReasonIcon } & IconProps) {
  return (
    <Icon {...props}>
      <path d={PATHS[icon]} />
    </Icon>
  );
}
