import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { locationChanged } from './navigationSlice';

/** Reports every change of address to the store (see navigationSlice). Renders nothing. */
export function LocationRecorder() {
  const { pathname, search, hash } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(locationChanged({ pathname, search, hash }));
  }, [pathname, search, hash, dispatch]);
  return null;
}
