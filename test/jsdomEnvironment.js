// jsdom lacks fetch, streams, TextEncoder and BroadcastChannel: give the test window Node's own.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'URL',
  'URLSearchParams',
  'WebSocket',
  'crypto',
];

class NodeGlobalsJsdomEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    // fetchBaseQuery needs an absolute base URL: Node's Request cannot resolve '/api/...'.
    this.global.process.env.FUNDFLOW_API_BASE = this.global.process.env.FUNDFLOW_API_BASE || 'http://localhost';
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = NodeGlobalsJsdomEnvironment;
