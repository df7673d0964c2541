import type { Location } from '@stockyard/contract';
import { useCallback, useEffect, useState } from 'react';

/** Whether this phone records where each entry is made: the keeper's choice, kept on the phone. */
const SETTING = 'stockyard.recordLocation';
/** A fix older than this is not taken as where the keeper is now. */
const FRESH_MS = 2 * 60_000;

export type Whereabouts =
  | { status: 'off' }
  | { status: 'waiting' }
  | { status: 'denied' }
  | { status: 'unavailable' }
  | { status: 'fixed'; location: Location; at: number };

function isOnHere(): boolean {
  try {
    return localStorage.getItem(SETTING) === 'on';
  } catch {
    return false;
  }
}

/**
 * Where the phone is, while the keeper has chosen to record it: the browser asks their permission the
 * first time, and the latest fix is kept as it moves. `current()` is that fix when it is fresh, else
 * nothing: an entry is never held back for a location.
 */
export function useWhereabouts() {
  const [isOn, setIsOn] = useState(isOnHere);
  const [state, setState] = useState<Whereabouts>({ status: isOn ? 'waiting' : 'off' });

  useEffect(() => {
    if (!isOn) {
      setState({ status: 'off' });
      return;
    }
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable' });
      return;
    }
    setState({ status: 'waiting' });
    const watch = navigator.geolocation.watchPosition(
      (position) =>
        setState({
          status: 'fixed',
          location: {
            lat: Number(position.coords.latitude.toFixed(6)),
            lon: Number(position.coords.longitude.toFixed(6)),
            accuracyM: Math.round(position.coords.accuracy * 10) / 10,
          },
          at: Date.now(),
        }),
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [isOn]);

  const setOn = useCallback((on: boolean) => {
    localStorage.setItem(SETTING, on ? 'on' : 'off');
    setIsOn(on);
  }, []);

  const current = useCallback(
    (): Location | undefined => (state.status === 'fixed' && Date.now() - state.at <= FRESH_MS ? state.location : undefined),
    [state],
  );
  return { isOn, setOn, state, current };
}
