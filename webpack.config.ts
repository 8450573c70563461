import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import packageJson from './package.json';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

// One config for the production build (served by the funding API) and the dev server.
// `mode` comes from the CLI (--mode production) or the dev script.
export default function config(
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration & { devServer?: DevServerConfiguration } {
  const mode = argv.mode ?? 'development';
  const production = mode === 'production';
  const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
  return {
    mode,
    // The browsers the app's own code is compiled for (swc's es2022 below): webpack's runtime and module wrappers
    // then use arrow functions and const too, instead of ES5 (a little less in every chunk).
    target: ['web', 'es2022'],
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      // Lazy chunks by id and hash only: a name in the file would put a map of every chunk's name in the first
      // bundle's runtime (about 0.35 KiB gzipped). `npm run build` still lists each chunk with its name.
      // Their hashes have 6 hex digits, not 8: the runtime maps every lazy chunk (scripts and stylesheets) to its
      // hash, and random digits do not compress (about 90 bytes gzipped off the first bundle). A new build of
      // one chunk id reuses the old name only with odds of 1 in 16.7 million per change.
      chunkFilename: production ? 'assets/[id].[contenthash:6].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    // Production maps are written for our own tools (the bundle budget reads them) with no sourceMappingURL comment,
    // and the server never serves them (server/http/staticApp.ts): the public gets no map of the original sources.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router's package exports point at its development build only (warnings, extra checks); the
      // production build next to it is what a production bundle should carry.
      alias: production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {},
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2022',
              },
            },
          },
        },
        // The contract's modules only declare values and pure functions, so a value no chunk uses (a rule, a
        // table, an error list re-exported through values.ts) can be dropped from the first bundle.
        { test: /api[\\/]contract[\\/].*\.ts$/, sideEffects: false },
        // The UI kit's modules are pure too (the entry imports its stylesheets), so a component only a lazy flow
        // uses stays in that flow's chunk instead of riding along with the kit's index in the first bundle.
        { test: /[\\/]ui[\\/][^\\/]+\.tsx?$/, include: path.resolve(__dirname, 'ui'), sideEffects: false },
        // React Router's production build without its DevTools names (scripts/webpack/dropDisplayNames.js): they keep
        // components the app never renders in the first bundle.
        ...(production
          ? [
              {
                test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/,
                loader: path.resolve(__dirname, 'scripts/webpack/dropDisplayNames.js'),
              },
            ]
          : []),
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      // The version a support export names (features/support/downloadSession.ts).
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(packageJson.version) }),
      ...(production
        ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[id].[contenthash:6].css' })]
        : []),
    ],
    optimization: {
      splitChunks: { chunks: 'async' },
      // Module and chunk ids by order of use (small numbers) instead of hashes of their paths: every chunk carries
      // the ids it imports and the runtime maps them, so the first route is about 0.5 KiB gzipped lighter. The cost:
      // a module added or removed renumbers the ones after it, so more lazy chunks change name on a deploy and are
      // fetched again once. Every deploy changes the first bundle anyway; first-load bytes matter more here.
      moduleIds: 'natural',
      chunkIds: 'natural',
      // The shortest export names (a, b, ... by use) instead of names hashed from the export's own: a module that a
      // lazy chunk imports is reached by id and its exports by these names, and the first bundle holds about 80
      // such modules. About 1 KiB gzipped off the first route; the same price as the ids above (a new export can
      // rename the ones after it).
      mangleExports: 'size',
      // Terser with a third pass and ES2020 output (arrow functions, shorthand properties), which every browser
      // the build targets reads; only safe transforms (no unsafe or pure-getter assumptions).
      minimizeOptions: { javascript: { ecma: 2020, compress: { passes: 3, ecma: 2020 }, format: { ecma: 2020 } } },
      // '...' keeps webpack's JavaScript minimizer with the options above. Stylesheets extracted by
      // MiniCssExtractPlugin are not minified by it, so esbuild does that: main.css is render-blocking and shares the
      // first load's bandwidth with main.js (minifying alone took it from 54 KB to 42 KB, 9.1 to 6.9 KB Brotli; the
      // components' own stylesheets, ui/*.css, took it to 33 KB). The target is the oldest browsers the es2022 build
      // runs in, so no newer CSS syntax is written for them.
      minimizer: [
        '...',
        new MinimizerPlugin({
          test: /\.css$/i,
          minify: MinimizerPlugin.esbuildMinifyCss,
          minimizerOptions: { target: ['chrome94', 'edge94', 'firefox93', 'safari16'] },
        }),
      ],
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/communityservice', '/graphservice'], target: apiTarget, ws: true }],
    },
  };
}
