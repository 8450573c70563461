import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Opens the link-bank flow over the current page: the same address with ?bankLink=enabled added. */
export function useLinkBank() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const params = new URLSearchParams(location.search);
    params.set('bankLink', 'enabled');
    navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash });
  }, [navigate, location]);
}
