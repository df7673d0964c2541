import { useNavigate } from 'react-router';
import { getToken } from './session';

/**
 * Before a form sends: when this device was signed out meanwhile (in another tab), it says so and
 * goes to the sign-in screen; true while signed in.
 */
export function useSignedInCheck(): (say: (text: string) => void, text: string) => Promise<boolean> {
  const navigate = useNavigate();
  return async (say, text) => {
    if (getToken()) return true;
    say(text);
    await navigate('/login');
    return false;
  };
}
