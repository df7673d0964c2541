// What other features use of materials.
export * from './api/materials';
