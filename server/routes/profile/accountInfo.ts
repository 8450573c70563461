import type { FastifyPluginAsync } from 'fastify';
import { AccountInfoResponse, ApiPaths, type AccountOwner } from '../../../api/contract';
import { requireUser } from '../../domain/sessions';
import { accountsWithOwners } from '../../repositories/profile';
import type { RouteDeps } from '../routeDeps';
import { last4 } from './present';

/** Account info: the legal name, the email, and every account with its registration and owners. */
export function accountInfoRoutes({ db }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: AccountInfoResponse }>(
      ApiPaths.profileAccountInfo,
      { schema: { response: { 200: AccountInfoResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const { accounts, owners: others } = await accountsWithOwners(db, user.id);
        const legalName = `${user.first_name} ${user.last_name}`;
        return {
          legalName: { firstName: user.first_name, lastName: user.last_name },
          email: user.email,
          accounts: accounts.map((account) => {
            const extra: AccountOwner[] = others
              .filter((owner) => owner.account_id === account.id)
              .map((owner) => ({ name: owner.name, role: owner.role }));
            const owners: AccountOwner[] =
              account.user_type === 'ENTITY'
                ? [{ name: account.display_name, role: 'ENTITY' }, { name: legalName, role: 'AUTHORIZED_SIGNER' }, ...extra]
                : [{ name: legalName, role: 'OWNER' }, ...extra];
            return {
              accountUuid: account.id,
              variant: account.variant,
              displayName: account.display_name,
              status: account.status,
              accountNumberLast4: last4(account.account_number),
              openedOn: account.date_joined,
              registration: account.user_type,
              owners,
            };
          }),
        };
      },
    );
  };
}
