// What other features use of service.

export * from './components/unit-picker';
export * from './components/unit-state';
