import { Module } from 'node:module';
import { dirname } from 'node:path';
import type * as PgliteModule from '@electric-sql/pglite';

/**
 * Loads PGlite through Node's own CommonJS loader.
 *
 * Why not a plain import: PGlite starts its WebAssembly with dynamic `import()`, which jest's sandbox refuses
 * unless Node runs with --experimental-vm-modules (electric-sql/pglite#224), and jest also swaps
 * `createRequire` for its own. A module object of Node's real loader loads PGlite outside the sandbox, so the
 * server tests run on the real database engine. Outside jest this is exactly a normal require.
 * Consequence inside jest: objects PGlite creates (Dates in rows) come from another realm, so nothing here
 * relies on `instanceof Date` (parameters are converted by node-postgres's `prepareValue`, which checks dates
 * with `util.types.isDate`; see pgliteDialect.ts).
 */
export function loadPglite(): typeof PgliteModule {
  return requireWithNodeLoader<typeof PgliteModule>('@electric-sql/pglite');
}

/** require() by Node's own loader, resolved from this folder (see loadPglite for why). */
export function requireWithNodeLoader<T>(id: string): T {
  const loader = new Module(__filename);
  loader.filename = __filename;
  loader.paths = (Module as unknown as { _nodeModulePaths: (from: string) => string[] })._nodeModulePaths(dirname(__filename));
  return loader.require(id) as T;
}
