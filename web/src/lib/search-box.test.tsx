import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAlone } from '../test/render';
import { SearchBox } from './search-box';

function Search({ suggestions }: { suggestions: string[] }) {
  const [value, setValue] = useState('');
  return <SearchBox value={value} onChange={setValue} suggestions={suggestions} placeholder="Search materials" maxListHeight={150} />;
}

/** Holds the work the box leaves for the browser's next idle moment, until the test says it came. */
function idleOnDemand(): () => void {
  let pending: (() => void) | undefined;
  vi.stubGlobal('requestIdleCallback', (work: () => void) => {
    pending = work;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return () => pending?.();
}

describe('the search box', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws plain, then suggests names once its code arrives, keeping the text and the focus', async () => {
    const becomeIdle = idleOnDemand();
    const user = userEvent.setup();
    renderAlone(<Search suggestions={['Cement 50 kg', 'Cement white']} />);
    const plain = screen.getByRole('textbox', { name: 'Search materials' });
    // Drawn without the suggestions' pop-over.
    expect(plain).not.toHaveAttribute('aria-haspopup');
    await user.click(plain);
    await user.keyboard('Cem');
    becomeIdle();

    const suggesting = await screen.findByRole('combobox', { name: 'Search materials' });
    expect(suggesting).toHaveValue('Cem');
    expect(suggesting).toHaveFocus();
    await user.keyboard('e');
    expect(await screen.findByRole('option', { name: 'Cement white' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Cement white' }));
    await waitFor(() => expect(suggesting).toHaveValue('Cement white'));
  });
});
