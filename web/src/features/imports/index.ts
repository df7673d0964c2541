// What other features use of imports.
export { base64Of } from './api/imports';
