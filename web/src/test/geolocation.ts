import { vi } from 'vitest';

/** The phone-wide switch that makes entries carry where the phone is. */
const RECORD_LOCATION = 'stockyard.recordLocation';

/** A phone whose location service answers with one fix (or refuses), as the browser's does. */
export function phoneAt(fix: { latitude: number; longitude: number; accuracy: number } | 'denied') {
  const watchPosition = vi.fn((found: PositionCallback, failed: PositionErrorCallback) => {
    if (fix === 'denied')
      failed({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
    else found({ coords: fix, timestamp: Date.now() } as unknown as GeolocationPosition);
    return 1;
  });
  Object.defineProperty(navigator, 'geolocation', { value: { watchPosition, clearWatch: vi.fn() }, configurable: true });
  return watchPosition;
}

/** Turns the keeper's "Record where I am" on (or back off) on this phone. */
export function recordLocation(isOn: boolean) {
  if (isOn) localStorage.setItem(RECORD_LOCATION, 'on');
  else localStorage.removeItem(RECORD_LOCATION);
}
