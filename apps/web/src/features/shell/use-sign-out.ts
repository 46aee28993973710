import { MSG } from '@camposanto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useLogout } from '../../api/auth/logout';
import { clearLocalStorageOnSignOut } from '../../lib/session';

// SPEC §9: sign-out delay is 3000 ms.
const SIGN_OUT_DELAY_MS = 3000;

/** SPEC §4 Sign-out: an info notice, then after 3 s local storage is cleared and the user goes to /. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate: logout } = useLogout();
  const [isSigningOut, setIsSigningOut] = useState(false);

  useEffect(() => {
    if (!isSigningOut) return;
    const timer = window.setTimeout(() => {
      navigate('/', { replace: true });
      clearLocalStorageOnSignOut();
      queryClient.clear();
    }, SIGN_OUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isSigningOut, navigate, queryClient]);

  function signOut() {
    if (isSigningOut) return;
    setIsSigningOut(true);
    toast.info(MSG.cerrandoSesion);
    // The server revokes the tokens now; whatever it answers, the local session ends after the delay.
    logout();
  }

  return { signOut, isSigningOut };
}
