import { preloadStartingScreen } from './screens';

// Imported first by main.tsx: the screen at the address starts arriving before the rest of the app's
// code runs (React, Mantine, the router), which on a slow phone takes most of a second.
preloadStartingScreen(window.location.pathname);
