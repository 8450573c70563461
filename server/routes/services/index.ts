import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import { acatDraftRoutes } from './acatDrafts';
import { acatFragmentRoutes } from './acatFragments';
import { acatOfferRoutes } from './acatOffers';
import { acatPartnerRoutes } from './acatPartner';
import { optionsRewardRoutes } from './optionsRewards';
import { graphServiceRoutes } from './search';
import { userSettingRoutes } from './settings';
import { themeRoutes } from './themes';
import { watchlistRoutes } from './watchlists';

/**
 * The service wrappers of funding-methods.md 7.1, registered inside the authenticated scope, one file per resource:
 * community service (watchlists, themes, settings, options rewards), ACAT (drafts, fragments and submit, offers,
 * partner integration) and graph service (search). This file only registers the folder's routes.
 */
export function serviceRoutes(deps: RouteDeps): FastifyPluginAsync {
  const folder = [
    watchlistRoutes,
    themeRoutes,
    userSettingRoutes,
    optionsRewardRoutes,
    acatDraftRoutes,
    acatFragmentRoutes,
    acatOfferRoutes,
    acatPartnerRoutes,
    graphServiceRoutes,
  ];
  return async (app) => {
    for (const routes of folder) app.register(routes(deps));
  };
}
