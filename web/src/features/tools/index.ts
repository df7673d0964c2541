// What other features use of tools.
export * from './api/tool-movements';
export * from './api/tools';
