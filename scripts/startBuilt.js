// `npm start`, second half: the server from build/server/ on plain node, in this process (scripts/start.ts built
// what was stale). On one machine the server migrates its database and adds the demo data when it starts;
// instances behind a balancer do not, they wait for the migrate job. FUNDFLOW_MIGRATE_ON_START=false turns
// that off here too.
process.env.FUNDFLOW_MIGRATE_ON_START ??= 'true';
// Stack traces name the TypeScript sources (the bundle's source map), as `node --enable-source-maps` would.
process.setSourceMapsEnabled(true);
require('../build/server/index.js');
