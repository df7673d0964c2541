// How the app reads and writes a day: shared with the server, which reads the same days from imported sheets.
export { dayText, parseDay } from '@stockyard/contract';
