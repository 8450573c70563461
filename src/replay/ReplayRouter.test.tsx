import { act, render, screen } from '@testing-library/react';
import { Navigate, Route, Routes, useLocation, useNavigate, useNavigationType, type NavigateFunction } from 'react-router';
import { ReplayRouter } from './ReplayRouter';

// The replay frame's own memory router stands in for React Router's MemoryRouter: it starts at the recorded
// address, and push, replace and go move through a history that lives only in the frame.

let navigate: NavigateFunction = () => undefined;

function Where() {
  const location = useLocation();
  navigate = useNavigate();
  return (
    <p data-testid="where">
      {`${location.pathname}${location.search}${location.hash} ${useNavigationType()} ${JSON.stringify(location.state)}`}
    </p>
  );
}

const where = () => screen.getByTestId('where').textContent;
const go = async (to: string | number, options?: { replace?: boolean; state?: unknown }) =>
  act(async () => {
    await (typeof to === 'number' ? navigate(to) : navigate(to, options));
  });

describe('ReplayRouter', () => {
  it('starts at the recorded address, with its query and hash', () => {
    render(
      <ReplayRouter href="/settings/v2/deposit?destination=us#amount">
        <Where />
      </ReplayRouter>,
    );
    expect(where()).toBe('/settings/v2/deposit?destination=us#amount POP null');
  });

  it('pushes, replaces and goes back and forward inside its own history, never past either end', async () => {
    render(
      <ReplayRouter href="/portfolio">
        <Where />
      </ReplayRouter>,
    );
    await go('/documents', { state: { from: 'menu' } });
    expect(where()).toBe('/documents PUSH {"from":"menu"}');
    await go('/settings/v2/transfers', { replace: true });
    expect(where()).toBe('/settings/v2/transfers REPLACE null');
    await go(-1);
    expect(where()).toBe('/portfolio POP null');
    await go(-5);
    expect(where()).toBe('/portfolio POP null');
    await go(1);
    expect(where()).toBe('/settings/v2/transfers POP null');
    await go(3);
    expect(where()).toBe('/settings/v2/transfers POP null');
    // A push after going back drops the entries ahead of it, as a browser's history does.
    await go(-1);
    await go('/notifications');
    await go(1);
    expect(where()).toBe('/notifications POP null');
  });

  it('follows a redirect rendered by a route, as a replay of a signed-out page does', () => {
    render(
      <ReplayRouter href="/">
        <Routes>
          <Route path="/" element={<Navigate to="/login?next=%2Fportfolio" replace />} />
          <Route path="/login" element={<Where />} />
        </Routes>
      </ReplayRouter>,
    );
    expect(where()).toBe('/login?next=%2Fportfolio REPLACE null');
  });
});
