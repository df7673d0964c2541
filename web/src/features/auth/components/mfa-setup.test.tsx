import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAlone, stubApi } from '../../../test/render';
import MfaSetup from './mfa-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SECRET = 'JBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Stockyard:admin%40example.com?secret=${SECRET}&issuer=Stockyard`;
const CODES = Array.from({ length: 10 }, (_, index) => `abcd-efg${index}`);

describe('setting up two-step sign-in', () => {
  it('on the phone itself: a link that opens the authenticator app, the key with a copy button, and the codes to copy or download', async () => {
    stubApi({
      'POST /api/auth/mfa/enroll': { body: { secret: SECRET, otpauthUrl: OTPAUTH } },
      'POST /api/auth/mfa/confirm': { body: { recoveryCodes: CODES } },
    });
    const onDone = vi.fn();
    renderAlone(<MfaSetup mfaToken={null} currentPassword="secret-pass" onDone={onDone} />);
    // user-event puts a clipboard of its own on the page: the copies are read from it.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    expect(await screen.findByRole('link', { name: 'Open in the authenticator app' })).toHaveAttribute('href', OTPAUTH);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenLastCalledWith(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    const codes = await screen.findByLabelText('Recovery codes');
    expect(within(codes).getAllByText(/^abcd-efg\d$/)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));

    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(click).toHaveBeenCalledTimes(1);
    const file = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(text).toBe(`${CODES.join('\n')}\n`);
    expect(onDone).not.toHaveBeenCalled();
  });
});
