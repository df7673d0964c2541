import { describe, expect, it } from 'vitest';
import { cameraProblem } from './scan-dialog';

describe('when the camera does not open', () => {
  it('says how to allow it, or to type the code, when the person or the browser refused it', () => {
    const denied = cameraProblem(new DOMException('Permission denied', 'NotAllowedError'));
    expect(denied).toBe(
      "The camera is not allowed for this site. Allow it in the browser's site settings (the icon beside the address), or type the code printed under the label.",
    );
  });

  it('says to type the code on a device without a camera, and gives any other reason as it came', () => {
    expect(cameraProblem(new DOMException('Requested device not found', 'NotFoundError'))).toBe(
      'This device has no camera the app can use. Type the code printed under the label.',
    );
    expect(cameraProblem(new Error('Could not start video source'))).toBe('Cannot open the camera: Could not start video source');
  });
});
