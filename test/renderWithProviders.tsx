import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { ApplicationStatus } from '../api/contract';
import { makeStore, type AppStore, type RootState } from '../store/store';
import { sessionFixture, userFixture } from './fixtures';

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Initial URL of a MemoryRouter around the UI; pass null when the UI brings its own router. */
  route?: string | null;
}

/** Renders with a fresh store per test (never a shared module-level one) and returns it. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, store = makeStore(preloadedState), route = '/', ...options }: ExtendedRenderOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>{route === null ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}</Provider>
    );
  }
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** A fresh store with a signed-in customer whose application has the given status. */
export function signedInStore(applicationStatus: ApplicationStatus = 'COMPLETE') {
  return makeStore({
    session: {
      status: 'authenticated',
      accessToken: sessionFixture().accessToken,
      user: userFixture({ applicationStatus }),
      endedReason: null,
    },
  });
}
