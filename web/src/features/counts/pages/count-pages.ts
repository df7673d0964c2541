// The stock count screens, loaded together on first use.
export { CountPage } from './count-page';
export { CountsPage } from './counts-page';
