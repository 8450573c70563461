// What one jest worker keeps between its server test files, so that each file's fresh database is a copy rather
// than a build: on PGlite, dumps of the data directory (initdb takes about 2 s and migrating and seeding 1.3 s
// more; loading a dump takes 0.5 s); on PostgreSQL, template databases (CREATE DATABASE ... TEMPLATE copies the
// files instead of running the migrations and the seed again). Jest gives each test file its own module registry,
// so this file is loaded through Node's own loader (server/db/loadPglite.ts, requireWithNodeLoader), whose cache
// the worker's files share; plain CommonJS for that reason. Keys: 'pglite empty', 'pglite seeded <moment>',
// 'postgres seeded <moment>'; values: promises of a dump (Blob) or of a template database's name.
'use strict';
module.exports = new Map();
