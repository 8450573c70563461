import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, IdParams, ThemeResponse, ThemesResponse } from '../../../api/contract';
import { ServiceErrorCode } from '../../domain/servicesCommunity';
import { ApiError } from '../../errors';
import { listThemes } from '../../repositories/community';
import type { RouteDeps } from '../routeDeps';

/** Investing themes (reference data) at the spec's community-service paths (7.1). */
export function themeRoutes({ db }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: ThemesResponse }>(ApiPaths.themes, { schema: { response: { 200: ThemesResponse } } }, async () => ({
      themes: await listThemes(db),
    }));

    app.get<{ Params: IdParams; Reply: ThemeResponse }>(
      ApiPaths.theme,
      { schema: { params: IdParams, response: { 200: ThemeResponse } } },
      async (request) => {
        const [theme] = await listThemes(db, request.params.id);
        if (!theme) throw new ApiError(404, ServiceErrorCode.THEME_NOT_FOUND, 'This theme does not exist.');
        return { theme };
      },
    );
  };
}
