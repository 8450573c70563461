import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorCode, ApiPaths, PatchUserPropertiesRequest, UserPropertiesResponse } from '../../api/contract';
import type { StoredUserProperties } from '../db/schema';
import { ApiError } from '../errors';
import type { RouteDeps } from './routeDeps';

/** A customer's properties are small flags and notes (e.g. a welcome screen seen), not a data store. */
export const MAX_USER_PROPERTIES = 100;

/** Key/value properties of the customer (funding-methods.md 3.2): read, and patched by merging. */
export function userPropertyRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Reply: UserPropertiesResponse }>(ApiPaths.userProperties, { schema: { response: { 200: UserPropertiesResponse } } }, async (request) => {
      const row = await db.selectFrom('user_properties').select('properties').where('user_id', '=', request.userId).executeTakeFirst();
      return { properties: row?.properties ?? {} };
    });

    // A JSON merge patch: the keys given replace the stored ones, null removes a key, others stay.
    app.patch<{ Body: PatchUserPropertiesRequest; Reply: UserPropertiesResponse }>(
      ApiPaths.userProperties,
      { schema: { body: PatchUserPropertiesRequest, response: { 200: UserPropertiesResponse } } },
      async (request) => {
        const now = clock.now();
        const properties = await db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('user_properties').select('properties').where('user_id', '=', request.userId).forUpdate().executeTakeFirst();
          const merged: StoredUserProperties = { ...(row?.properties ?? {}) };
          for (const [key, value] of Object.entries(request.body.properties)) {
            if (value === null) delete merged[key];
            else merged[key] = value;
          }
          if (Object.keys(merged).length > MAX_USER_PROPERTIES) {
            throw new ApiError(400, ApiErrorCode.VALIDATION, `A customer can have at most ${MAX_USER_PROPERTIES} properties.`);
          }
          const json = JSON.stringify(merged);
          await trx
            .insertInto('user_properties')
            .values({ user_id: request.userId, properties: json, updated_at: now })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ properties: json, updated_at: now }))
            .execute();
          return merged;
        });
        return { properties };
      },
    );
  };
}
