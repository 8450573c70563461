import { ensureAppBuilt } from './appBuild';
import { ensureServerBuilt } from './serverBuild';

// `npm start`, first half: build the web app and the server where their sources changed since the last build.
// The second half (scripts/startBuilt.js) runs the server from the build with plain node.
async function main() {
  await ensureAppBuilt();
  await ensureServerBuilt();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
