import type { FastifyPluginAsync } from 'fastify';
import {
  addressDraftFrom,
  ApiPaths,
  emptyAddressDraft,
  normalisePhone,
  ProfileErrorCode,
  toAddress,
  TrustedContactRequest,
  TrustedContactResponse,
  trustedContactErrors,
} from '../../../api/contract';
import { requireUser } from '../../domain/sessions';
import { ApiError } from '../../errors';
import { deleteTrustedContact, findTrustedContact, saveTrustedContact } from '../../repositories/profile';
import type { RouteDeps } from '../routeDeps';
import { presentTrustedContact, tidyName } from './present';

/** The customer's trusted contact (FINRA 4512): read, replace, remove. */
export function trustedContactRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: TrustedContactResponse }>(
      ApiPaths.profileTrustedContact,
      { schema: { response: { 200: TrustedContactResponse } } },
      async (request) => ({ trustedContact: presentTrustedContact(await findTrustedContact(db, request.userId)) }),
    );

    app.put<{ Body: TrustedContactRequest; Reply: TrustedContactResponse }>(
      ApiPaths.profileTrustedContact,
      { schema: { body: TrustedContactRequest, response: { 200: TrustedContactResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const body = request.body;
        const draft = {
          firstName: body.firstName,
          lastName: body.lastName,
          relationship: body.relationship,
          email: body.email ?? '',
          phone: body.phone ?? '',
          includeAddress: body.address !== null,
          address: body.address ? addressDraftFrom(body.address) : emptyAddressDraft,
        };
        const problems = Object.values(trustedContactErrors(draft));
        if (problems.length > 0) throw new ApiError(400, ProfileErrorCode.TRUSTED_CONTACT_INVALID, problems[0]);
        const address = body.address ? toAddress(addressDraftFrom(body.address)) : null;
        const email = draft.email.trim();
        const phone = normalisePhone(draft.phone);
        await saveTrustedContact(db, user.id, {
          first_name: tidyName(draft.firstName),
          last_name: tidyName(draft.lastName),
          relationship: body.relationship,
          email: email === '' ? null : email,
          phone: phone === '' ? null : phone,
          address1: address?.address1 ?? null,
          address2: address?.address2 ?? null,
          city: address?.city ?? null,
          state: address?.state ?? null,
          zipcode: address?.zipcode ?? null,
          updated_at: clock.now(),
        });
        return { trustedContact: presentTrustedContact(await findTrustedContact(db, user.id)) };
      },
    );

    app.delete(ApiPaths.profileTrustedContact, async (request, reply) => {
      if (!(await deleteTrustedContact(db, request.userId))) {
        throw new ApiError(404, ProfileErrorCode.TRUSTED_CONTACT_NOT_FOUND, 'You have no trusted contact on file.');
      }
      return reply.status(204).send();
    });
  };
}
