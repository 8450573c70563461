import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { exactPath, FAULT_MESSAGES, HAS_CODE, type Row } from './faultKit';

// The funding methods list on the Transfers page, failed five ways (faults.test.ts runs these rows with its
// others): a method renamed, and another made the default.

let nicknameRound = 0;
let defaultRound = 0;
/** Each round makes the other method the default, so every round changes something. */
const defaultTarget = () => (defaultRound % 2 === 1 ? 'Visa debit card' : 'Chase Total Checking');

async function chooseDefault(page: Page) {
  await page.getByRole('button', { name: `Options for ${defaultTarget()}` }).click();
  await page.getByRole('menuitem', { name: 'Set as Default' }).click();
}
const nicknameNow = () => `Rent money ${String.fromCharCode(64 + nicknameRound)}`;

export const FUNDING_METHOD_ROWS: Row[] = [
  {
    flow: 'funding methods',
    endpoint: 'setNickname',
    method: 'PUT',
    path: exactPath(ApiPaths.paymentMethodNickname),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      nicknameRound += 1;
      await page.goto('/settings/v2/transfers');
      await page.getByRole('list', { name: 'Your funding methods' }).waitFor();
      await page
        .getByRole('button', { name: /^Options for Chase Total Checking|^Options for Rent money/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bank account nickname' });
      await dialog.getByRole('button', { name: 'Edit nickname' }).click();
      await dialog.getByRole('textbox', { name: 'Bank account nickname' }).fill(nicknameNow());
    },
    send: (page) => page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Save' }).click(),
    failed: async (page, fault) => {
      // funding-methods.md: the server's message under the field; with no message, the toast 'An unknown error ocurred'.
      const dialog = page.getByRole('dialog', { name: 'Bank account nickname' });
      if (HAS_CODE[fault]) await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      else await page.getByText('An unknown error ocurred').first().waitFor();
      await dialog.getByRole('button', { name: 'Save' }).waitFor();
    },
    kept: async (page) => {
      expect(
        await page
          .getByRole('dialog', { name: 'Bank account nickname' })
          .getByRole('textbox', { name: 'Bank account nickname' })
          .inputValue(),
      ).toBe(nicknameNow());
    },
    retry: (page) => page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Save' }).click(),
    succeeded: async (page) => {
      await page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Edit nickname' }).waitFor();
      await page.getByRole('list', { name: 'Your funding methods' }).getByText(nicknameNow()).waitFor();
    },
    finish: (page) => page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Close' }).click(),
  },
  {
    flow: 'funding methods',
    endpoint: 'setDefaultPaymentMethod',
    method: 'PUT',
    path: exactPath(ApiPaths.setDefaultPaymentMethod),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      defaultRound += 1;
      await page.goto('/settings/v2/transfers');
      await page.getByRole('list', { name: 'Your funding methods' }).waitFor();
    },
    send: (page) => chooseDefault(page),
    failed: (page) => page.getByText('There was an error while changing default payment method').first().waitFor(),
    kept: async (page) => {
      // Nothing changed: the method the customer chose is not shown as the default.
      const item = page.getByRole('list', { name: 'Your funding methods' }).getByRole('listitem').filter({ hasText: defaultTarget() });
      expect(await item.getByText('(Default)').count()).toBe(0);
    },
    retry: (page) => chooseDefault(page),
    succeeded: (page) =>
      page
        .getByRole('list', { name: 'Your funding methods' })
        .getByRole('listitem')
        .filter({ hasText: defaultTarget() })
        .getByText('(Default)')
        .waitFor(),
  },
];
