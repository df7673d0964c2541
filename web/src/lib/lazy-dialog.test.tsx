import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';

function Shown({ item }: { item: string | null }) {
  return <p>{item ?? 'closed'}</p>;
}

describe('a dialog loaded when first opened', () => {
  it('loads nothing while never opened, draws once opened, and stays after it closes', async () => {
    const load = vi.fn(async () => Shown);
    const Dialog = lazyDialog(load, (props: { item: string | null }) => props.item !== null);

    const view = render(<Dialog item={null} />);
    expect(load).not.toHaveBeenCalled();
    expect(view.container).toBeEmptyDOMElement();

    view.rerender(<Dialog item="Cement" />);
    expect(await screen.findByText('Cement')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed, it stays mounted so its closing can be drawn, and opens again without loading.
    view.rerender(<Dialog item={null} />);
    expect(screen.getByText('closed')).toBeInTheDocument();
    view.rerender(<Dialog item="Sand" />);
    expect(screen.getByText('Sand')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
