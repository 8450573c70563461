/**
 * A return address from ?origin= that stays inside the app ("/settings/v2/transfers", never "//evil.example",
 * "https://evil.example" or "/\\evil.example", which browsers read as another host).
 */
export function safeOrigin(origin: string | null): string | null {
  if (!origin || !origin.startsWith('/') || origin.startsWith('//') || origin.includes('\\')) return null;
  return origin;
}
