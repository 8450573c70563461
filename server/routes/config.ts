import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, UniversalConfig } from '../../api/contract';
import { resolveUniversalConfig } from '../domain/universalConfig';
import { readAppConfig } from '../repositories/appConfig';
import { configFileReader } from '../repositories/configFile';
import type { RouteDeps } from './routeDeps';

export function configRoutes(deps: RouteDeps): FastifyPluginAsync {
  const readConfigFile = configFileReader(deps.config.configFile);
  return async (app) => {
    app.get<{ Reply: UniversalConfig }>(ApiPaths.config, { schema: { response: { 200: UniversalConfig } } }, async (request) => {
      const [table, file] = await Promise.all([readAppConfig(deps.db), readConfigFile()]);
      // The file's entries go over the table's: it is the operator's local override.
      const { config, problems } = resolveUniversalConfig(new Map([...table, ...file.entries]));
      if (problems.length > 0 || file.problems.length > 0)
        request.log.warn({ problems: [...file.problems, ...problems] }, 'configuration entries ignored');
      return config;
    });
  };
}
