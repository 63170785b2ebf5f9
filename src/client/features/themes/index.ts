// The themes feature's public surface: the picker the workflow's step 2 shows.
export { ThemePicker } from './theme-picker';
