export default async function globalTeardown() {
  const server = (globalThis as { __fundflowServer?: { close: () => Promise<void> } }).__fundflowServer;
  await server?.close();
}
