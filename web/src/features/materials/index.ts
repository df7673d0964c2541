// What other features use of materials.
export * from './api/material-movements';
export * from './api/materials';
