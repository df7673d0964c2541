import '@mantine/core/styles.css';
import './app/start-fetching';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startI18n } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
// Rendered as a transition, React yields to the browser every few milliseconds while it builds the first screen.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// A language file that cannot load (offline before it was ever fetched) leaves the app in English.
startI18n().then(render, render);
