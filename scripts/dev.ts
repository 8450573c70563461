import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import webpackConfig from '../webpack.config';
import { startServer } from '../server/main';

// `npm run dev`: the funding API on API_PORT (default 3001) and webpack-dev-server with hot reload
// on PORT (default 8080), proxying /api and the spec's service paths to the API.
async function main() {
  const apiPort = Number(process.env.API_PORT ?? 3001);
  // Vendor keys in the environment take their seams live, as under `npm run server` (sandbox mode only).
  const api = await startServer({
    migrate: true,
    port: apiPort,
    host: '127.0.0.1',
    distDir: '',
    configFile: process.env.FUNDFLOW_CONFIG_FILE || 'fundflow.config.json',
    providerEnvironment: process.env,
  });
  process.env.API_URL = api.url;
  const config = webpackConfig({}, { mode: 'development' });
  const devServer = new WebpackDevServer(
    { ...config.devServer, port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' },
    webpack(config),
  );
  await devServer.start();
  console.log(`\nFundflow (dev) on http://127.0.0.1:${process.env.PORT ?? 8080}  ·  API on ${api.url}\n`);
  const stop = async () => {
    await devServer.stop();
    await api.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
