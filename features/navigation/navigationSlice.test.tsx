import { act } from '@testing-library/react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LocationRecorder } from './LocationRecorder';
import { locationChanged, navigationSlice, selectHref } from './navigationSlice';

describe('navigation slice', () => {
  it('keeps the address and ignores a report of the same one', () => {
    const first = navigationSlice.reducer(undefined, locationChanged({ pathname: '/portfolio', search: '?a=1', hash: '' }));
    expect(first).toEqual({ pathname: '/portfolio', search: '?a=1', hash: '' });
    expect(navigationSlice.reducer(first, locationChanged({ pathname: '/portfolio', search: '?a=1', hash: '' }))).toBe(first);
  });

  it('follows the router', async () => {
    let go: NavigateFunction | undefined;
    function Navigator() {
      const navigate = useNavigate();
      go = navigate;
      return null;
    }
    const { store } = renderWithProviders(
      <>
        <LocationRecorder />
        <Navigator />
      </>,
      { route: '/portfolio?regularDeposit=enabled' },
    );
    expect(selectHref(store.getState())).toBe('/portfolio?regularDeposit=enabled');
    await act(async () => go?.('/settings/v2/transfers#acats'));
    expect(selectHref(store.getState())).toBe('/settings/v2/transfers#acats');
  });
});
