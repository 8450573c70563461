import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  BeneficiariesResponse,
  BeneficiariesUpdateRequest,
  BeneficiaryAccount,
  BeneficiaryAccountParams,
  beneficiaryDesignationProblems,
  isBeneficiaryAccountVariant,
  ProfileErrorCode,
} from '../../../api/contract';
import { marketDate } from '../../../api/contract/bankCalendar';
import { ApiError } from '../../errors';
import {
  beneficiariesOfAccount,
  beneficiaryIdsOfAccount,
  deleteBeneficiaries,
  inProfileTransaction,
  insertBeneficiary,
  listBeneficiaries,
  listBeneficiaryAccounts,
  lockOwnAccount,
  updateBeneficiary,
} from '../../repositories/profile';
import type { RouteDeps } from '../routeDeps';
import { accountNotFound, beneficiaryNotFound, presentBeneficiaryAccount, tidyName, UUID } from './present';

/** IRA beneficiaries: every IRA with its designation, and replacing one IRA's designation whole. */
export function beneficiaryRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: BeneficiariesResponse }>(
      ApiPaths.profileBeneficiaries,
      { schema: { response: { 200: BeneficiariesResponse } } },
      async (request) => {
        const accounts = await listBeneficiaryAccounts(db, request.userId);
        const rows = await listBeneficiaries(db, request.userId);
        return { accounts: accounts.map((account) => presentBeneficiaryAccount(account, rows)) };
      },
    );

    app.put<{ Params: BeneficiaryAccountParams; Body: BeneficiariesUpdateRequest; Reply: BeneficiaryAccount }>(
      ApiPaths.profileAccountBeneficiaries,
      { schema: { params: BeneficiaryAccountParams, body: BeneficiariesUpdateRequest, response: { 200: BeneficiaryAccount } } },
      async (request) => {
        const { accountUuid } = request.params;
        if (!UUID.test(accountUuid)) throw accountNotFound();
        const people = request.body.beneficiaries;
        const ids = people.flatMap((person) => (person.id === undefined ? [] : [person.id]));
        if (new Set(ids).size !== ids.length) {
          throw new ApiError(400, ProfileErrorCode.BENEFICIARIES_INVALID, 'Each beneficiary may appear only once.');
        }
        if (ids.some((id) => !UUID.test(id))) throw beneficiaryNotFound();

        return inProfileTransaction(db, async (trx) => {
          const account = await lockOwnAccount(trx, request.userId, accountUuid);
          if (!account) throw accountNotFound();
          if (!isBeneficiaryAccountVariant(account.variant)) {
            throw new ApiError(422, ProfileErrorCode.BENEFICIARY_ACCOUNT_NOT_IRA, 'Beneficiaries can be named on IRAs only.');
          }
          const existingIds = await beneficiaryIdsOfAccount(trx, request.userId, account.id);
          if (ids.some((id) => !existingIds.has(id))) throw beneficiaryNotFound();

          const problems = beneficiaryDesignationProblems(people, marketDate(clock.now()));
          if (problems.length > 0) throw new ApiError(400, ProfileErrorCode.BENEFICIARIES_INVALID, problems[0]);

          const kept = new Set(ids);
          await deleteBeneficiaries(
            trx,
            [...existingIds].filter((id) => !kept.has(id)),
          );
          const now = clock.now();
          const positions = { PRIMARY: 0, CONTINGENT: 0 };
          for (const person of people) {
            const values = {
              tier: person.tier,
              first_name: tidyName(person.firstName),
              last_name: tidyName(person.lastName),
              relationship: person.relationship,
              date_of_birth: person.dateOfBirth,
              share_percent: person.sharePercent,
              position: positions[person.tier]++,
              updated_at: now,
            };
            if (person.id === undefined) await insertBeneficiary(trx, request.userId, account.id, values);
            else await updateBeneficiary(trx, person.id, values);
          }
          return presentBeneficiaryAccount(account, await beneficiariesOfAccount(trx, account.id));
        });
      },
    );
  };
}
