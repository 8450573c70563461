import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, TippingParams, UserSettingsResponse } from '../../../api/contract';
import { findSuggestTipping, saveSuggestTipping } from '../../repositories/community';
import type { RouteDeps } from '../routeDeps';

/** The customer's settings (tipping suggestions) at the spec's community-service paths (7.1). */
export function userSettingRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  const settingsOf = async (userId: string): Promise<UserSettingsResponse> => {
    // Tipping is suggested only to customers who asked for it.
    return { settings: { investment: { suggestTipping: (await findSuggestTipping(db, userId)) ?? false } } };
  };

  return async (app) => {
    app.get<{ Reply: UserSettingsResponse }>(
      ApiPaths.userSettings,
      { schema: { response: { 200: UserSettingsResponse } } },
      async (request) => settingsOf(request.userId),
    );

    app.put<{ Params: TippingParams; Reply: UserSettingsResponse }>(
      ApiPaths.suggestTipping,
      { schema: { params: TippingParams, response: { 200: UserSettingsResponse } } },
      async (request) => {
        await saveSuggestTipping(db, request.userId, request.params.value === 'true', () => clock.now());
        return settingsOf(request.userId);
      },
    );
  };
}
