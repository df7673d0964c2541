import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../i18n/i18n';
import { renderAlone } from '../test/render';
import { DateField } from './date-field';

afterEach(() => chooseLanguage('en'));

function Field({ initial, onDay }: { initial: string; onDay: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DateField
        label="Delivered on"
        value={day}
        onChange={(next) => {
          setDay(next);
          onDay(next);
        }}
      />
      <button type="button" onClick={() => setDay('2026-01-05')}>
        Reset
      </button>
    </>
  );
}

describe('a date field', () => {
  it('shows and reads days as the app writes them, day first, whatever the browser’s language', async () => {
    const days: string[] = [];
    renderAlone(<Field initial="2026-10-31" onDay={(day) => days.push(day)} />);
    const field = screen.getByLabelText('Delivered on');
    expect(field).toHaveValue('31/10/2026');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(field).not.toHaveAttribute('type', 'date');

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '1/11/2026');
    expect(days.at(-1)).toBe('2026-11-01');
    await user.tab();
    expect(field).toHaveValue('01/11/2026');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveValue('05/01/2026');
  });

  it('never reads the month first: 10/31/2026 is no day, and says how to write one when left', async () => {
    const days: string[] = [];
    renderAlone(<Field initial="" onDay={(day) => days.push(day)} />);
    const field = screen.getByLabelText('Delivered on');
    const user = userEvent.setup();
    await user.type(field, '10/31/2026');
    expect(days.at(-1) ?? '').toBe('');
    expect(screen.queryByText('Write the day as dd/mm/yyyy.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Write the day as dd/mm/yyyy.')).toBeInTheDocument();
    expect(field).toHaveValue('10/31/2026');
  });

  it('shows the pattern in the app’s language', async () => {
    await chooseLanguage('fr');
    renderAlone(<Field initial="" onDay={() => {}} />);
    expect(screen.getByLabelText('Delivered on')).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  });
});
