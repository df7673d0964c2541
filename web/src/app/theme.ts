import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// Shade 8 and a darker "dimmed" keep text at WCAG AA contrast (4.5:1) on buttons and white; in the
// dark the primary buttons take shade 8 too (white on it passes), and "dimmed" a lighter grey.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // A closed picker's options are not drawn: Mantine keeps them mounted and hidden by default, which on
  // a form of three pickers drew some seventy options and placed three hidden dropdowns before it showed.
  components: { Combobox: { defaultProps: { keepMounted: false } } },
});
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
