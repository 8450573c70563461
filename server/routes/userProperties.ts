import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorCode, ApiPaths, PatchUserPropertiesRequest, UserPropertiesResponse } from '../../api/contract';
import type { StoredUserProperties } from '../db/schema';
import { ApiError } from '../errors';
import { findUserProperties, saveUserProperties } from '../repositories/userProperties';
import type { RouteDeps } from './routeDeps';

/** A customer's properties are small flags and notes (e.g. a welcome screen seen), not a data store. */
export const MAX_USER_PROPERTIES = 100;

/** Key/value properties of the customer (funding-methods.md 3.2): read, and patched by merging. */
export function userPropertyRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Reply: UserPropertiesResponse }>(
      ApiPaths.userProperties,
      { schema: { response: { 200: UserPropertiesResponse } } },
      async (request) => {
        return { properties: (await findUserProperties(db, request.userId)) ?? {} };
      },
    );

    // A JSON merge patch: the keys given replace the stored ones, null removes a key, others stay.
    app.patch<{ Body: PatchUserPropertiesRequest; Reply: UserPropertiesResponse }>(
      ApiPaths.userProperties,
      { schema: { body: PatchUserPropertiesRequest, response: { 200: UserPropertiesResponse } } },
      async (request) => {
        const now = clock.now();
        const properties = await db.transaction().execute(async (trx) => {
          const merged: StoredUserProperties = { ...((await findUserProperties(trx, request.userId, true)) ?? {}) };
          for (const [key, value] of Object.entries(request.body.properties)) {
            if (value === null) delete merged[key];
            else merged[key] = value;
          }
          if (Object.keys(merged).length > MAX_USER_PROPERTIES) {
            throw new ApiError(400, ApiErrorCode.VALIDATION, `A customer can have at most ${MAX_USER_PROPERTIES} properties.`);
          }
          await saveUserProperties(trx, request.userId, merged, now);
          return merged;
        });
        return { properties };
      },
    );
  };
}
