import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { sessionEstablished } from '../../api/authEvents';
import { makeStore } from '../../store/store';
import { sessionFixture, userFixture } from '../../test/fixtures';
import { bankLinkHandlers, institutionsHandler } from '../../test/msw/bankLinkHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import BankLinkFlow from './BankLinkFlow';

// An institution's name comes from the bank directory (a vendor, in live mode): holding HTML, it is still text.

const MARKUP = '<img src=x onerror=alert(1)><script>alert(1)</script>';

jest.setTimeout(15_000);

it('the bank search lists an institution whose name holds HTML as text, and no img or script element appears', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  // The first matching handler answers: the markup bank's directory goes before the default ones.
  mswServer.use(
    institutionsHandler([{ id: 'markup-bank', name: MARKUP, logo: null, linkOptions: ['PLAID', 'VERIFICATION_SERVICE'], oauth: false }]),
    ...bankLinkHandlers(),
  );
  const store = makeStore();
  store.dispatch(sessionEstablished(sessionFixture({ user: userFixture({ applicationStatus: 'COMPLETE' }) })));
  const { user } = renderWithProviders(
    <Routes>
      <Route path="*" element={<BankLinkFlow presentation="modal" highYieldOnly={false} onClose={() => undefined} />} />
    </Routes>,
    { store, route: '/settings/funding-methods?bankLink=enabled' },
  );
  await user.type(await screen.findByLabelText('Search for your bank'), 'img');
  const result = await screen.findByRole('button', { name: (name) => name.includes(MARKUP) }, { timeout: 4000 });
  expect(result.textContent).toContain(MARKUP);
  expect(document.querySelector('img[src="x"], img[onerror]')).toBeNull();
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(alert).not.toHaveBeenCalled();
  alert.mockRestore();
});
