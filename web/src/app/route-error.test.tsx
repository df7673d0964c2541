import { fireEvent, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderAlone } from '../test/render';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('The stock figure could not be drawn');
}

describe('a screen that fails to draw', () => {
  it('shows what went wrong in its place, and the next screen draws again', () => {
    // React reports the caught error on the console; the test reads it on the screen instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAlone(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>All materials</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The stock figure could not be drawn')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText('All materials')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
