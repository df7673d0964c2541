// What other features use of labels.
export * from './components/label-sheet-button';
export * from './components/scan-button';
