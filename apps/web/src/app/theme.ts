import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINT_MOBILE_PX } from '@kolikko/core/limits';

/** Coin gold: light shades for backgrounds, the dark end for text on them (contrast above 6:1). */
const coin: MantineColorsTuple = [
  '#fff9e0',
  '#fff0b8',
  '#ffe58a',
  '#ffd95c',
  '#ffcd33',
  '#fcc419',
  '#f5b000',
  '#d99400',
  '#a86b00',
  '#7a4a00',
];

const PX_PER_EM = 16;

/**
 * Mantine's teal with a darker last shade: its own (#087f5b) is 4.5:1 at best on a light teal
 * badge, and less on a tinted card (axe's color-contrast); #06614a is about 6.8:1.
 */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#099268', '#06614a'];

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  colors: { coin, teal },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: {
    fontWeight: '800',
  },
  // Plain objects, not `TextInput.extend(...)`: those would put the components themselves into the
  // first chunk of every page.
  components: {
    // Every field of our forms is required (the input still says so to assistive tech); a visible
    // asterisk on each would be noise, and it would become part of the label text.
    TextInput: { defaultProps: { withAsterisk: false } },
    Modal: {
      styles: { title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.3, overflowWrap: 'anywhere' } },
      // Mantine draws the modal's title bar as a <header>, which outside sectioning content is a
      // second banner landmark beside the page's own (axe: landmark-no-duplicate-banner).
      defaultProps: { attributes: { header: { role: 'none' } } },
    },
  },
  /** `sm` is the spec's mobile breakpoint (900 px), so hiddenFrom/visibleFrom="sm" switch there. */
  breakpoints: {
    xs: '36em',
    sm: `${BREAKPOINT_MOBILE_PX / PX_PER_EM}em`,
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
});

/**
 * Mantine's default dimmed grey (about 3.3:1 on white) and error red (about 3.6:1) are too faint
 * for small text; these pass WCAG AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6670', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
