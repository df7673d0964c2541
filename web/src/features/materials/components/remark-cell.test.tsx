import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cement } from '../../../test/fixtures';
import { renderAlone } from '../../../test/render';
import { AddRemarkCell } from './remark-cell';

describe('a material’s remark cell', () => {
  it('says why the pencil is off once a remark exists, with the tooltip loaded for that row alone', async () => {
    const user = userEvent.setup();
    renderAlone(<AddRemarkCell product={{ ...cement, remarks: 'Keep dry' }} onError={vi.fn()} />);
    expect(screen.getByRole('button', { name: `Add remark for ${cement.name}` })).toBeDisabled();
    // The row draws at once; the tooltip answers a pointer that comes once its code is there.
    await waitFor(async () => {
      const holder = screen.getByRole('button', { name: `Add remark for ${cement.name}` }).parentElement as HTMLElement;
      await user.unhover(holder);
      await user.hover(holder);
      expect(screen.getByText('Remarks already added')).toBeInTheDocument();
    });
  });

  it('opens a box for a material with no remark yet', async () => {
    const user = userEvent.setup();
    renderAlone(<AddRemarkCell product={{ ...cement, remarks: '' }} onError={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: `Add remark for ${cement.name}` }));
    expect(screen.getByRole('textbox', { name: `Remark for ${cement.name}` })).toHaveFocus();
  });
});
