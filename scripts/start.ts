import { ensureAppBuilt } from './appBuild';

// `npm start`: build the app if its sources changed since the last build, then boot the funding API,
// which serves the app and the API on one port.
async function main() {
  await ensureAppBuilt();
  await import('../server/index');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
