import { ensureAppBuilt } from './appBuild';

// `npm start`: build the app if its sources changed since the last build, then boot the funding API,
// which serves the app and the API on one port.
async function main() {
  await ensureAppBuilt();
  // One machine: the server prepares its own database (migrations, demo customers) before serving, so
  // `npm install && npm start` is all it takes. A cluster runs `npm run migrate` once instead.
  process.env.FUNDFLOW_MIGRATE_ON_START ??= 'true';
  await import('../server/index');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
