import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadScreenTexts, startI18n } from '../i18n/i18n';

// findBy… waits up to 1 s by default: on a loaded 2-core machine the first render of a lazily loaded
// screen took longer, and a screen that did render was reported as missing.
configure({ asyncUtilTimeout: 5_000 });

const isBrowserLike = typeof window !== 'undefined';

afterEach(() => {
  if (!isBrowserLike) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks these browser APIs that Mantine uses (node-environment files, such as the PDF tests, have no window).
if (isBrowserLike) installBrowserStubs();
// Screens speak through i18next: the tests read them in English, the product's own texts.
if (isBrowserLike) {
  await startI18n('en');
  await loadScreenTexts();
}

function installBrowserStubs() {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView = () => {};
}
