import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, UniversalConfig } from '../../api/contract';
import { resolveUniversalConfig } from '../domain/universalConfig';
import { readAppConfig } from '../repositories/appConfig';
import type { RouteDeps } from './routeDeps';

export function configRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: UniversalConfig }>(ApiPaths.config, { schema: { response: { 200: UniversalConfig } } }, async (request) => {
      const { config, problems } = resolveUniversalConfig(await readAppConfig(deps.db));
      if (problems.length > 0) request.log.warn({ problems }, 'app_config rows ignored');
      return config;
    });
  };
}
