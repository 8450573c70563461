// The server tests' PGlite data directories, dumped once and loaded by every later test file of the same jest
// worker: a fresh PGlite runs initdb (about 2 s), and migrating and seeding it takes about 1.3 s more, where
// loading a dump takes about 0.5 s. Jest gives each test file its own module registry, so this file is loaded
// through Node's own loader (server/db/loadPglite.ts, requireWithNodeLoader), whose cache the worker's files
// share. Plain CommonJS for that reason. Keys: 'empty', or 'seeded <moment>'; values: Promise<Blob>.
'use strict';
module.exports = new Map();
